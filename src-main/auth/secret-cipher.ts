import type { SafeStorage } from 'electron'

/**
 * The one seam to Electron's safeStorage. Tests and the CLI pass fakes; the app passes
 * `electronCipher(safeStorage)`. Hiding the synchronous API here also leaves room to move to
 * `encryptStringAsync` once Electron deprecates the synchronous calls, as its docs announce.
 */
export interface SecretCipher {
  isEncryptionAvailable(): boolean
  /** e.g. 'gnome_libsecret', 'kwallet6', 'basic_text', 'keychain', 'dpapi', 'unknown'. */
  backend(): string
  /** Throws if encryption fails. */
  encrypt(plain: string): Buffer
  /** Throws if the data can't be decrypted with the current key. */
  decrypt(data: Buffer): string
}

/**
 * Backends whose key lives in an OS secret store. `basic_text` encrypts with a password
 * hard-coded in Chromium, so it is obfuscation, not protection; `unknown` means safeStorage was
 * asked before the app was ready. Both count as weak.
 */
const OS_BACKENDS = new Set([
  'gnome_libsecret',
  'kwallet',
  'kwallet5',
  'kwallet6',
  'keychain',
  'dpapi'
])

export function isOsBackend(backend: string): boolean {
  return OS_BACKENDS.has(backend)
}

/**
 * Adapts Electron's safeStorage. `getSelectedStorageBackend` exists only on Linux, so macOS and
 * Windows are named after the key store safeStorage uses there (Keychain, DPAPI). The type-only
 * import keeps Electron's binary out of any module a test loads.
 */
export function electronCipher(
  safeStorage: SafeStorage,
  platform: NodeJS.Platform = process.platform
): SecretCipher {
  return {
    isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
    backend: () => {
      if (platform === 'darwin') return 'keychain'
      if (platform === 'win32') return 'dpapi'
      if (platform === 'linux') return safeStorage.getSelectedStorageBackend()
      return 'unknown'
    },
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (data) => safeStorage.decryptString(data)
  }
}
