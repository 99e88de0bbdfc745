import { redactText } from '../api'
import { tokenSecrets } from './cli-log'

/**
 * A log line for someone chasing a problem: on stderr only when STAYDESK_DEBUG is set, so a
 * script reading stdout never sees it, and scrubbed of tokens and card numbers like every log.
 */
export function debugLog(env: NodeJS.ProcessEnv, message: string, err?: unknown): void {
  if (!env.STAYDESK_DEBUG) return
  const detail =
    err === undefined ? '' : `: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`
  process.stderr.write(`staydesk: debug: ${redactText(`${message}${detail}`, tokenSecrets(env))}\n`)
}
