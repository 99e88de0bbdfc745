import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { TokenStatus } from '@shared/profile.schema'
import { ensurePrivateDir, writeFileAtomic } from './private-files'
import { isOsBackend, type SecretCipher } from './secret-cipher'
import { AppError } from '../errors'
import { normalizeToken } from './token-format'

export { electronCipher, type SecretCipher } from './secret-cipher'
export { tokenFromEnvironment } from './token-environment'
export { normalizeToken, TokenFormatError } from './token-format'

export interface SetTokenOptions {
  /**
   * The user chose to save the token although only Linux's `basic_text` backend exists (its key
   * is a password hard-coded in Chromium). Without this the token lives for the session only.
   */
  acceptWeakStorage?: boolean
}

/** Where each profile's Bearer token lives. Reads never throw; they report a status instead. */
export interface TokenStore {
  get(profileId: string): string | undefined
  /** Throws TokenFormatError for an empty or malformed token. */
  set(profileId: string, token: string, opts?: SetTokenOptions): TokenStatus
  clear(profileId: string): void
  status(profileId: string): TokenStatus
}

function last4(token: string): string {
  return token.slice(-4)
}

/** Tests and the CLI: tokens live in memory and vanish with the process. */
export function createMemoryTokenStore(): TokenStore {
  const tokens = new Map<string, string>()
  const status = (id: string): TokenStatus => {
    const token = tokens.get(id)
    return token
      ? {
          state: 'session-only',
          storage: 'session',
          last4: last4(token),
          explanation: 'Kept in memory for this run only.'
        }
      : { state: 'missing', storage: 'none', explanation: 'No token is set for this profile.' }
  }
  return {
    get: (id) => tokens.get(id),
    set: (id, token) => {
      tokens.set(id, normalizeToken(token))
      return status(id)
    },
    clear: (id) => void tokens.delete(id),
    status
  }
}

/** On-disk form: only ciphertext, plus the backend it needs (Signal's `safeStorageBackend`). */
interface TokenFile {
  version: 1
  backend: string
  /** base64 of the safeStorage ciphertext. */
  data: string
  savedAt: string
}

type Read =
  | { kind: 'missing' }
  | { kind: 'ok'; token: string; backend: string }
  | { kind: 'unusable'; backend?: string; explanation: string }

const REENTER = 'Enter the token again; the saved copy is kept until you do.'

/**
 * The app's store: one `<profileId>.token.json` (0600) per profile in a 0700 directory,
 * encrypted with safeStorage. Policy (reliability checklist §2):
 * - an OS key store (keychain, DPAPI, libsecret, kwallet) → encrypted file;
 * - only `basic_text`, or encryption unavailable → memory for this session, unless the user
 *   accepts weak storage (basic_text only: there is nothing to encrypt with otherwise);
 * - a file that can't be decrypted, or was saved under another backend (a kwallet → libsecret
 *   switch makes it undecryptable) → `needs-reentry`. The file is left alone until a new token
 *   is saved: the old backend may come back, and reading must never destroy data.
 */
export function createSafeTokenStore(dir: string, cipher: SecretCipher): TokenStore {
  const session = new Map<string, string>()
  let dirReady = false

  const fileOf = (id: string): string => {
    // Ids become file names; anything that could climb out of `dir` is a programming error.
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw new TypeError(`invalid profile id ${id}`)
    return join(dir, `${id}.token.json`)
  }

  const read = (id: string): Read => {
    let text: string
    try {
      text = readFileSync(fileOf(id), 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' }
      return { kind: 'unusable', explanation: `The saved token can't be read. ${REENTER}` }
    }
    let file: Partial<TokenFile>
    try {
      file = JSON.parse(text) as Partial<TokenFile>
    } catch {
      file = {}
    }
    if (typeof file.backend !== 'string' || typeof file.data !== 'string') {
      return { kind: 'unusable', explanation: `The saved token file is damaged. ${REENTER}` }
    }
    const current = cipher.backend()
    if (file.backend !== current) {
      return {
        kind: 'unusable',
        backend: file.backend,
        explanation:
          `The token was saved with the ${file.backend} key store, but StayDesk is now using ` +
          `${current}. ${REENTER}`
      }
    }
    try {
      if (!cipher.isEncryptionAvailable()) throw new Error('encryption unavailable')
      const token = cipher.decrypt(Buffer.from(file.data, 'base64'))
      return { kind: 'ok', token: normalizeToken(token), backend: file.backend }
    } catch {
      return {
        kind: 'unusable',
        backend: file.backend,
        explanation: `The saved token can no longer be decrypted with the ${current} key store. ${REENTER}`
      }
    }
  }

  const sessionStatus = (token: string): TokenStatus => {
    const backend = safeBackend()
    const why = !safeAvailable()
      ? 'encryption is not available on this computer'
      : `no OS key store was found (only ${backend})`
    return {
      state: 'session-only',
      storage: 'session',
      last4: last4(token),
      backend,
      explanation:
        `Kept for this session only: ${why}, so StayDesk will ask for it again after a restart. ` +
        'To remember it, accept weak storage or start StayDesk with --password-store=gnome-libsecret.'
    }
  }

  // The cipher is the OS's, so even its status calls are guarded: reads must not throw.
  const safeBackend = (): string => {
    try {
      return cipher.backend()
    } catch {
      return 'unknown'
    }
  }
  const safeAvailable = (): boolean => {
    try {
      return cipher.isEncryptionAvailable()
    } catch {
      return false
    }
  }

  const status = (id: string): TokenStatus => {
    const held = session.get(id)
    if (held) return sessionStatus(held)
    let r: Read
    try {
      r = read(id)
    } catch {
      r = { kind: 'unusable', explanation: `The saved token can't be read. ${REENTER}` }
    }
    if (r.kind === 'missing') {
      return { state: 'missing', storage: 'none', explanation: 'No token is set for this profile.' }
    }
    if (r.kind === 'unusable') {
      return {
        state: 'needs-reentry',
        storage: 'none',
        backend: r.backend,
        explanation: r.explanation
      }
    }
    const strong = isOsBackend(r.backend)
    return {
      state: 'set',
      storage: strong ? 'os-encrypted' : 'weak-encrypted',
      last4: last4(r.token),
      backend: r.backend,
      explanation: strong
        ? `Saved, encrypted with the ${r.backend} key store.`
        : `Saved with weak encryption (${r.backend}): anyone who can read your files can recover it.`
    }
  }

  return {
    get: (id) => {
      const held = session.get(id)
      if (held) return held
      try {
        const r = read(id)
        return r.kind === 'ok' ? r.token : undefined
      } catch {
        return undefined
      }
    },
    set: (id, raw, opts = {}) => {
      const token = normalizeToken(raw)
      const file = fileOf(id)
      const backend = safeBackend()
      const canEncrypt = safeAvailable()
      const weakAccepted = backend === 'basic_text' && opts.acceptWeakStorage === true
      if (!canEncrypt || !(isOsBackend(backend) || weakAccepted)) {
        // A session-only token never deletes a saved one: the better key store may be back
        // next run, and only an explicit clear() or a saved replacement removes the file.
        session.set(id, token)
        return sessionStatus(token)
      }
      const data = encryptChecked(cipher, token, backend)
      if (!dirReady) {
        ensurePrivateDir(dir)
        dirReady = true
      }
      const content: TokenFile = {
        version: 1,
        backend,
        data: data.toString('base64'),
        savedAt: new Date().toISOString()
      }
      writeFileAtomic(file, JSON.stringify(content))
      session.delete(id)
      return status(id)
    },
    clear: (id) => {
      session.delete(id)
      rmSync(fileOf(id), { force: true })
    },
    status
  }
}

/**
 * Encrypts and reads the result back: a backend that encrypts but can't decrypt would lose the
 * token at the next start. Either failure is the OS key store's, reported as such (nothing is
 * written), not as a bug of StayDesk.
 */
function encryptChecked(cipher: SecretCipher, token: string, backend: string): Buffer {
  let data: Buffer
  let back: string | undefined
  try {
    data = cipher.encrypt(token)
    back = cipher.decrypt(data)
  } catch {
    back = undefined
    data = Buffer.alloc(0)
  }
  if (back !== token) {
    throw new AppError(
      'internal',
      `The ${backend} key store of this computer is not working, so the token was not saved. ` +
        'Unlock or repair the key store and try again.',
      { field: 'token' }
    )
  }
  return data
}
