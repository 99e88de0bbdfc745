import type { SecretCipher } from '../../../src-main/auth/secret-cipher'

/**
 * Stands in for Electron's safeStorage on a desktop with a working OS key store
 * (gnome-libsecret), so tokens are stored as the app stores them on a normal Linux desktop; or,
 * with `backend: 'basic_text'`, on a Linux desktop without one (Chromium's hard-coded key).
 * Reversible XOR, so it is obviously not protection; a prefix lets decrypt refuse foreign data.
 */
export function fakeOsCipher(
  key = 'staydesk-e2e-key',
  backend: 'gnome_libsecret' | 'basic_text' = 'gnome_libsecret'
): SecretCipher {
  const xor = (data: Buffer): Buffer => {
    const out = Buffer.alloc(data.length)
    for (let i = 0; i < data.length; i++) out[i] = data[i] ^ key.charCodeAt(i % key.length)
    return out
  }
  const PREFIX = 'e2e1:'
  return {
    isEncryptionAvailable: () => true,
    backend: () => backend,
    encrypt: (plain) => Buffer.from(PREFIX + xor(Buffer.from(plain, 'utf8')).toString('base64')),
    decrypt: (data) => {
      const text = data.toString('utf8')
      if (!text.startsWith(PREFIX)) throw new Error('not encrypted with this key')
      return xor(Buffer.from(text.slice(PREFIX.length), 'base64')).toString('utf8')
    }
  }
}
