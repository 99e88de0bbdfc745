import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSafeTokenStore, type SecretCipher } from '../../../src-main/auth/token-store'

/** A stand-in for safeStorage: AES-GCM under a key named after a fake OS keyring. */
function fakeCipher(backend: string, opts: { available?: boolean; keyring?: string } = {}) {
  const key = createHash('sha256')
    .update(opts.keyring ?? backend)
    .digest()
  const cipher: SecretCipher = {
    isEncryptionAvailable: () => opts.available ?? true,
    backend: () => backend,
    encrypt: (plain) => {
      const iv = randomBytes(12)
      const c = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()])
      return Buffer.concat([iv, c.getAuthTag(), body])
    },
    decrypt: (data) => {
      const d = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12))
      d.setAuthTag(data.subarray(12, 28))
      return Buffer.concat([d.update(data.subarray(28)), d.final()]).toString('utf8')
    }
  }
  return cipher
}

/** The canary in every form a careless store might leave it: plain, UTF-16, base64 at 3 offsets. */
function canaryForms(canary: string): Buffer[] {
  const bytes = Buffer.from(canary, 'utf8')
  const forms = [bytes, Buffer.from(canary, 'utf16le')]
  for (let k = 0; k < 3; k++) {
    const b64 = Buffer.concat([Buffer.alloc(k), bytes]).toString('base64')
    const from = (Math.ceil(k / 3) * 3 * 4) / 3
    const to = (Math.floor((k + bytes.length) / 3) * 3 * 4) / 3
    forms.push(Buffer.from(b64.slice(from, to)))
  }
  return forms
}

function leaks(dir: string, canary: string): string[] {
  if (!existsSync(dir)) return []
  const found: string[] = []
  for (const name of readdirSync(dir)) {
    const raw = readFileSync(join(dir, name))
    for (const form of canaryForms(canary)) {
      if (raw.includes(form)) found.push(`${name}: ${form.toString('latin1')}`)
    }
  }
  return found
}

let root: string
let dir: string
const CANARY = `canary-${randomBytes(16).toString('hex')}`
const ID = 'prod-1'

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'staydesk-tokens-'))
  dir = join(root, 'tokens')
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('K1: an OS key store is available', () => {
  it.each(['gnome_libsecret', 'kwallet5'])(
    'saves the token encrypted in a 0600 file (%s) that survives a restart',
    (backend) => {
      const status = createSafeTokenStore(dir, fakeCipher(backend)).set(ID, CANARY)
      expect(status).toMatchObject({ state: 'set', storage: 'os-encrypted', backend })

      const file = join(dir, `${ID}.token.json`)
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(statSync(dir).mode & 0o777).toBe(0o700)
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1, backend })
      expect(leaks(dir, CANARY)).toEqual([])
      expect(readdirSync(dir)).toEqual([`${ID}.token.json`]) // no temp file left behind

      const restarted = createSafeTokenStore(dir, fakeCipher(backend))
      expect(restarted.get(ID)).toBe(CANARY)
      expect(restarted.status(ID)).toMatchObject({ state: 'set', last4: CANARY.slice(-4) })
    }
  )

  it('keeps profiles apart and clears one without touching the other', () => {
    const store = createSafeTokenStore(dir, fakeCipher('gnome_libsecret'))
    store.set('a', 'token-for-a')
    store.set('b', 'token-for-b')
    store.clear('a')
    expect(store.get('a')).toBeUndefined()
    expect(store.status('a').state).toBe('missing')
    expect(store.get('b')).toBe('token-for-b')
  })

  it('narrows a pre-existing wider directory to 0700', () => {
    createSafeTokenStore(root, fakeCipher('keychain')).set(ID, CANARY)
    expect(statSync(root).mode & 0o777).toBe(0o700)
  })
})

describe('K2: only basic_text, or no encryption at all', () => {
  it.each([
    ['basic_text', fakeCipher('basic_text')],
    ['unavailable', fakeCipher('gnome_libsecret', { available: false })]
  ])('keeps the token for this session only (%s) and writes no file', (_case, cipher) => {
    const store = createSafeTokenStore(dir, cipher)
    const status = store.set(ID, CANARY)
    expect(status).toMatchObject({ state: 'session-only', storage: 'session' })
    expect(status.explanation).toMatch(/this session only.*ask for it again after a restart/)
    expect(store.get(ID)).toBe(CANARY)
    expect(existsSync(join(dir, `${ID}.token.json`))).toBe(false)
    expect(createSafeTokenStore(dir, cipher).status(ID).state).toBe('missing')
  })

  it('suggests weak storage or a real key store', () => {
    const status = createSafeTokenStore(dir, fakeCipher('basic_text')).set(ID, CANARY)
    expect(status.backend).toBe('basic_text')
    expect(status.explanation).toMatch(/accept weak storage/)
    expect(status.explanation).toMatch(/--password-store=gnome-libsecret/)
  })

  it('saves with basic_text when the user accepts weak storage, and says it is weak', () => {
    const store = createSafeTokenStore(dir, fakeCipher('basic_text'))
    const status = store.set(ID, CANARY, { acceptWeakStorage: true })
    expect(status).toMatchObject({ state: 'set', storage: 'weak-encrypted', backend: 'basic_text' })
    expect(status.explanation).toMatch(/weak/)
    const file = JSON.parse(readFileSync(join(dir, `${ID}.token.json`), 'utf8'))
    expect(file.backend).toBe('basic_text')
    expect(leaks(dir, CANARY)).toEqual([])
    expect(createSafeTokenStore(dir, fakeCipher('basic_text')).get(ID)).toBe(CANARY)
  })

  it('cannot opt into saving when nothing can encrypt', () => {
    const cipher = fakeCipher('basic_text', { available: false })
    const status = createSafeTokenStore(dir, cipher).set(ID, CANARY, { acceptWeakStorage: true })
    expect(status.state).toBe('session-only')
    expect(existsSync(dir)).toBe(false)
  })

  it('does not save before the app is ready (backend "unknown"), even with the opt-in', () => {
    const store = createSafeTokenStore(dir, fakeCipher('unknown'))
    expect(store.set(ID, CANARY, { acceptWeakStorage: true }).state).toBe('session-only')
  })
})

describe('K3: a saved token that can no longer be decrypted', () => {
  function savedUnder(cipher: SecretCipher): { file: string; bytes: Buffer } {
    createSafeTokenStore(dir, cipher).set(ID, CANARY)
    const file = join(dir, `${ID}.token.json`)
    return { file, bytes: readFileSync(file) }
  }

  it('asks for re-entry when decryption fails, and keeps the file until a new token is set', () => {
    const { file, bytes } = savedUnder(fakeCipher('gnome_libsecret', { keyring: 'old' }))
    const store = createSafeTokenStore(dir, fakeCipher('gnome_libsecret', { keyring: 'new' }))

    expect(store.get(ID)).toBeUndefined()
    const status = store.status(ID)
    expect(status).toMatchObject({ state: 'needs-reentry', backend: 'gnome_libsecret' })
    expect(status.explanation).toMatch(/Enter the token again/)
    expect(readFileSync(file)).toEqual(bytes)

    expect(store.set(ID, 'replacement-token').state).toBe('set')
    expect(readFileSync(file)).not.toEqual(bytes)
    expect(store.get(ID)).toBe('replacement-token')
  })

  it('asks for re-entry when the backend changed since saving (kwallet6 → gnome_libsecret)', () => {
    const { file, bytes } = savedUnder(fakeCipher('kwallet6', { keyring: 'same' }))
    // Same key on purpose: the recorded backend alone decides, before any decrypt attempt.
    const store = createSafeTokenStore(dir, fakeCipher('gnome_libsecret', { keyring: 'same' }))
    const status = store.status(ID)
    expect(status.state).toBe('needs-reentry')
    expect(status.explanation).toMatch(
      /saved with the kwallet6 key store.*now using gnome_libsecret/
    )
    expect(store.get(ID)).toBeUndefined()
    expect(readFileSync(file)).toEqual(bytes)
  })

  it('never throws on read: damaged file, throwing cipher, unavailable encryption', () => {
    const file = join(dir, `${ID}.token.json`)
    savedUnder(fakeCipher('gnome_libsecret'))
    const throwing: SecretCipher = {
      isEncryptionAvailable: () => {
        throw new Error('dbus gone')
      },
      backend: () => {
        throw new Error('dbus gone')
      },
      encrypt: () => {
        throw new Error('dbus gone')
      },
      decrypt: () => {
        throw new Error('dbus gone')
      }
    }
    for (const cipher of [throwing, fakeCipher('gnome_libsecret', { available: false })]) {
      const store = createSafeTokenStore(dir, cipher)
      expect(store.get(ID)).toBeUndefined()
      expect(store.status(ID).state).toBe('needs-reentry')
    }
    writeFileSync(file, '{"backend": "gnome_li')
    const store = createSafeTokenStore(dir, fakeCipher('gnome_libsecret'))
    expect(store.status(ID)).toMatchObject({ state: 'needs-reentry' })
    expect(store.status(ID).explanation).toMatch(/damaged/)
    expect(readFileSync(file, 'utf8')).toBe('{"backend": "gnome_li')
  })

  it('a session-only token does not delete a saved one', () => {
    const { file, bytes } = savedUnder(fakeCipher('gnome_libsecret'))
    const weak = createSafeTokenStore(dir, fakeCipher('basic_text'))
    expect(weak.set(ID, 'session-token').state).toBe('session-only')
    expect(weak.get(ID)).toBe('session-token')
    expect(readFileSync(file)).toEqual(bytes)
    expect(createSafeTokenStore(dir, fakeCipher('gnome_libsecret')).get(ID)).toBe(CANARY)
  })
})

describe('K4: status exposes the last 4 characters only', () => {
  it('in every state', () => {
    const strong = createSafeTokenStore(dir, fakeCipher('dpapi'))
    const weak = createSafeTokenStore(join(root, 'weak'), fakeCipher('basic_text'))
    const statuses = [
      strong.set(ID, CANARY),
      strong.status(ID),
      weak.set(ID, CANARY),
      weak.status(ID),
      weak.set('w2', CANARY, { acceptWeakStorage: true }),
      createSafeTokenStore(dir, fakeCipher('dpapi', { keyring: 'other' })).status(ID)
    ]
    for (const status of statuses) {
      expect(JSON.stringify(status)).not.toContain(CANARY.slice(0, -4))
      if (status.last4 !== undefined) expect(status.last4).toBe(CANARY.slice(-4))
    }
  })
})
