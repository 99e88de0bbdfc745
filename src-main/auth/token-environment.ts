import { readFileSync } from 'node:fs'
import { normalizeToken, TokenFormatError } from './token-format'

/** Name of the environment variable the CLI reads the token from. */
const TOKEN_ENV_VAR = 'STAYDESK_TOKEN'

export type ReadTextFile = (path: string, encoding: 'utf8') => string

/**
 * The CLI's token, from `--token-file <path>` or `STAYDESK_TOKEN`; there is deliberately no
 * `--token <value>` flag, since flags land in shell history and in `ps` output.
 *
 * Decisions:
 * - An explicit `--token-file` wins over the ambient environment variable.
 * - The value is trimmed (files end with a newline); empty or multi-line is an error, never a
 *   silent "no token", so a broken secret mount is noticed at once.
 * - A missing or unreadable file is an error that names the file but never echoes its content.
 * - The file's permissions are not checked: Windows has no POSIX modes, and container and CI
 *   secret mounts are routinely 0644/0444 root-owned files the user can't chmod. Keeping the
 *   file private is the operator's job, as with curl's --netrc-file.
 * Returns undefined when neither source is given.
 */
export function tokenFromEnvironment(
  env: NodeJS.ProcessEnv = process.env,
  readFile: ReadTextFile = readFileSync,
  tokenFile?: string
): string | undefined {
  if (tokenFile !== undefined) {
    let text: string
    try {
      text = readFile(tokenFile, 'utf8')
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      throw new TokenFormatError(
        code === 'ENOENT'
          ? `token file ${tokenFile} does not exist`
          : `token file ${tokenFile} can't be read (${code ?? 'error'})`
      )
    }
    return checked(text, `token file ${tokenFile}`)
  }
  const fromEnv = env[TOKEN_ENV_VAR]
  if (fromEnv === undefined) return undefined
  return checked(fromEnv, TOKEN_ENV_VAR)
}

function checked(text: string, source: string): string {
  try {
    return normalizeToken(text)
  } catch (err) {
    throw new TokenFormatError(`${source}: ${(err as TokenFormatError).detail}`)
  }
}
