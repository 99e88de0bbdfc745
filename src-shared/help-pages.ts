/**
 * The help pages StayDesk links to from its screens. Main opens links to them at once (the
 * reviewed allowlist in src-main/shell/window-security.ts is built from this list); any other address
 * outside the active profile's service is asked about first.
 */
export const HELP_PAGES = {
  /** How a saved token is encrypted with the system's key store (the token-storage explanation). */
  tokenStorage: 'https://www.electronjs.org/docs/latest/api/safe-storage'
} as const
