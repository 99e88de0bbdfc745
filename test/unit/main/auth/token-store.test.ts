import type { SafeStorage } from 'electron'
import { describe, expect, it } from 'vitest'
import {
  createMemoryTokenStore,
  electronCipher,
  normalizeToken,
  tokenFromEnvironment,
  TokenFormatError
} from '../../../../src-main/auth/token-store'

const SECRET = 'sk_live_9f8e7d6c5b4a'

function fsError(code: string): Error {
  return Object.assign(new Error(`${code}: fail`), { code })
}

function files(map: Record<string, string>) {
  const reads: string[] = []
  const readFile = (path: string): string => {
    reads.push(path)
    if (!(path in map)) throw fsError('ENOENT')
    return map[path]
  }
  return { readFile, reads }
}

describe('CLI token from the environment or a file', () => {
  it('reads STAYDESK_TOKEN and trims it', () => {
    expect(tokenFromEnvironment({ STAYDESK_TOKEN: `  ${SECRET}\n` }, files({}).readFile)).toBe(
      SECRET
    )
  })

  it('returns undefined when neither source is given', () => {
    const { readFile, reads } = files({})
    expect(tokenFromEnvironment({}, readFile)).toBeUndefined()
    expect(reads).toEqual([])
  })

  it('reads --token-file, which wins over the environment', () => {
    const { readFile, reads } = files({ '/run/secrets/token': `${SECRET}\n` })
    expect(tokenFromEnvironment({ STAYDESK_TOKEN: 'other' }, readFile, '/run/secrets/token')).toBe(
      SECRET
    )
    expect(reads).toEqual(['/run/secrets/token'])
  })

  it('names a missing token file', () => {
    expect(() => tokenFromEnvironment({}, files({}).readFile, '/nope/token')).toThrow(
      'token file /nope/token does not exist'
    )
  })

  it('reports an unreadable token file with its error code', () => {
    const denied = (): string => {
      throw fsError('EACCES')
    }
    expect(() => tokenFromEnvironment({}, denied, '/root/token')).toThrow(
      "token file /root/token can't be read (EACCES)"
    )
  })

  it('refuses an empty variable or file instead of running without a token', () => {
    expect(() => tokenFromEnvironment({ STAYDESK_TOKEN: '' }, files({}).readFile)).toThrow(
      'STAYDESK_TOKEN: the token is empty'
    )
    expect(() => tokenFromEnvironment({}, files({ '/t': ' \n' }).readFile, '/t')).toThrow(
      TokenFormatError
    )
  })

  it('refuses a multi-line file without echoing its content', () => {
    const read = files({ '/t': `${SECRET}\nsecond-line-secret\n` }).readFile
    let message = ''
    try {
      tokenFromEnvironment({}, read, '/t')
    } catch (err) {
      message = (err as Error).message
    }
    expect(message).toMatch(/one line/)
    expect(message).not.toContain(SECRET)
    expect(message).not.toContain('second-line-secret')
  })
})

describe('token text', () => {
  it('accepts visible ASCII only', () => {
    expect(normalizeToken(' abc.DEF-123_~+/= ')).toBe('abc.DEF-123_~+/=')
    for (const bad of ['', '   ', 'two words', 'a\r\nX-Injected: 1', 'tökén']) {
      expect(() => normalizeToken(bad), JSON.stringify(bad)).toThrow(TokenFormatError)
    }
  })
})

describe('memory token store', () => {
  it('keeps tokens per profile for this run and shows only the last 4', () => {
    const store = createMemoryTokenStore()
    expect(store.status('a')).toMatchObject({ state: 'missing', storage: 'none' })
    const status = store.set('a', SECRET)
    expect(status).toMatchObject({ state: 'session-only', storage: 'session', last4: '5b4a' })
    expect(JSON.stringify(status)).not.toContain(SECRET)
    expect(store.get('a')).toBe(SECRET)
    expect(store.get('b')).toBeUndefined()
    store.clear('a')
    expect(store.get('a')).toBeUndefined()
  })
})

describe('Electron safeStorage adapter', () => {
  function fakeSafeStorage(linuxBackend: string) {
    const calls: string[] = []
    const safeStorage = {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => {
        calls.push('getSelectedStorageBackend')
        return linuxBackend
      },
      encryptString: (plain: string) => Buffer.from(`enc:${plain}`),
      decryptString: (data: Buffer) => data.toString().replace(/^enc:/, '')
    } as unknown as SafeStorage
    return { safeStorage, calls }
  }

  it('names the backend on each platform', () => {
    const { safeStorage, calls } = fakeSafeStorage('kwallet6')
    expect(electronCipher(safeStorage, 'darwin').backend()).toBe('keychain')
    expect(electronCipher(safeStorage, 'win32').backend()).toBe('dpapi')
    // getSelectedStorageBackend is Linux-only, so it is not called elsewhere.
    expect(calls).toEqual([])
    expect(electronCipher(safeStorage, 'linux').backend()).toBe('kwallet6')
    expect(electronCipher(safeStorage, 'freebsd').backend()).toBe('unknown')
  })

  it('delegates encryption', () => {
    const cipher = electronCipher(fakeSafeStorage('basic_text').safeStorage, 'linux')
    expect(cipher.isEncryptionAvailable()).toBe(true)
    expect(cipher.decrypt(cipher.encrypt('x'))).toBe('x')
  })
})
