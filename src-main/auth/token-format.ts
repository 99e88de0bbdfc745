/** The token text was refused: empty, or not something that can go into a Bearer header. */
export class TokenFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TokenFormatError'
  }
}

/**
 * Trims pasted whitespace and refuses anything that isn't one run of visible ASCII: a token
 * with a space, newline or control character would break (or inject into) the header.
 */
export function normalizeToken(raw: string): string {
  const token = raw.trim()
  if (!token) throw new TokenFormatError('the token is empty')
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw new TokenFormatError('the token must be one line of visible ASCII characters')
  }
  return token
}
