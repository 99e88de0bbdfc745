import { pino, stdSerializers, stdTimeFunctions, type Logger } from 'pino'
import { MASK, redactText, redactValue } from '../src-main/api/redact'

/**
 * The hub's log: pino's JSON lines on stdout, where a service manager (systemd's journal,
 * docker) collects them. Every line is scrubbed just before it is written, whatever logged it:
 * keys that hold secrets (authorization, token, card fields) are masked and strings are
 * scrubbed of `Bearer <value>` and card data by the desktop's own rules (src-main/api/redact.ts),
 * and of anything shaped like a hub token. pino's `redact` paths also mask the Authorization
 * header of a request object logged whole.
 */

export type HubLog = Logger

const HUB_TOKEN_TEXT = /\bsdh_\d+_[A-Za-z0-9_-]+/g

/** One serialized line with everything secret masked (parsed, so escapes are seen as they are). */
function scrubHubLine(line: string): string {
  let scrubbed: string
  try {
    scrubbed = JSON.stringify(redactValue(JSON.parse(line)))
  } catch {
    scrubbed = redactText(line.trimEnd())
  }
  return `${scrubbed.replace(HUB_TOKEN_TEXT, MASK)}\n`
}

interface HubLogOptions {
  /** Where lines go; stdout by default. Tests pass a collector. */
  destination?: { write(line: string): unknown }
  level?: string
}

export function createHubLog(opts: HubLogOptions = {}): HubLog {
  const out = opts.destination ?? process.stdout
  return pino(
    {
      level: opts.level ?? 'info',
      base: { pid: process.pid, process: 'hub' },
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: stdSerializers.errWithCause },
      redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: MASK }
    },
    { write: (line: string) => void out.write(scrubHubLine(line)) }
  )
}
