import { AppError } from '../errors'

/**
 * The token text was refused: empty, or not something that can go into a Bearer header. The
 * sentence names the token field for the window; `detail` is the bare reason (with its source,
 * e.g. `STAYDESK_TOKEN: the token is empty`), which the CLI prints as it is.
 */
export class TokenFormatError extends AppError {
  constructor(readonly detail: string) {
    super('bad-input', `Token: ${detail}.`, { field: 'token' })
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
