import { join } from 'node:path'
import { luhnValid } from '@shared/domain/card'
import { MASK, redactText, redactValue } from '../api/redact'

/**
 * The log files a person can send to support: one kind per process (main, sync, cli), each a
 * series of files of at most MAX_BYTES, the newest KEEP kept. pino writes JSON lines (time,
 * level, msg, and the line's fields); pino-roll rolls the files, in this process (no transport
 * thread: the command line must start fast, and electron-vite bundles main).
 *
 * Nothing secret reaches a file: every line is scrubbed just before it is written, whatever
 * called the logger: keys that hold secrets are masked (redactValue), and in every string the
 * profiles' tokens, `Bearer <value>`, Luhn-valid card numbers (plain, spaced or dashed) and
 * `"cvc":"123"` are (redactText), as is a card number written as a number. Writes are synchronous, so the line of a crash is on disk
 * before the process goes, and a file named in a message exists.
 */

/** What a file grows to before the next one is started. */
const MAX_BYTES = 5 * 1024 * 1024
/** Files kept of each kind, the one being written included. */
const KEEP = 5

type LogKind = 'main' | 'sync' | 'cli'

export interface LogOptions {
  /** The logs folder (`<data folder>/logs`); made when missing. */
  dir: string
  /** Which process writes: its files are `<name>.<n>.log`. */
  name: LogKind
  /** Values that must never reach a file (the profiles' tokens), asked for at each line. */
  secrets?: () => readonly string[]
  maxBytes?: number
  keep?: number
}

export type LogFields = Record<string, unknown>

export interface Log {
  readonly dir: string
  /**
   * The file being written now. pino-roll numbers the files (`main.3.log`); the highest number
   * is the newest, and a file named here exists until KEEP newer ones have been started.
   */
  file(): string
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, err?: unknown, fields?: LogFields): void
  /**
   * The app's `(message, err?)` logging (AppDeps.log, ProfileContext.log): with `err` an error
   * line carrying it, without a line of information.
   */
  report(message: string, err?: unknown): void
  flush(): void
  close(): Promise<void>
}

/**
 * One serialized line with everything secret masked. The parsed values are scrubbed, not the
 * text: strings are then seen as they are, not JSON-escaped (a message holding `"cvc":"123"` is
 * `\"cvc\":\"123\"` in the line, which no pattern over the text would match), and a mask
 * can't cut an escape in two and break the line.
 */
export function scrubLine(line: string, secrets: readonly string[]): string {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    // pino writes JSON; should a line ever not be, its text is scrubbed as it is.
    return `${redactText(line.trimEnd(), secrets)}\n`
  }
  return `${JSON.stringify(redactValue(value, secrets), maskCardNumbers)}\n`
}

/** A card number logged as a JSON number, which redactValue leaves alone. */
function maskCardNumbers(_key: string, value: unknown): unknown {
  if (typeof value !== 'number' || !Number.isInteger(value)) return value
  const digits = String(value)
  return /^\d{13,19}$/.test(digits) && luhnValid(digits) ? MASK : value
}

export async function openLog(options: LogOptions): Promise<Log> {
  const { dir, name } = options
  // Loaded when a log is opened, not when this module is: pino-roll brings all of date-fns
  // (about 55 ms), which a command-line run that logs nothing should not pay for.
  const [{ pino, stdSerializers, stdTimeFunctions }, { default: pinoRoll }] = await Promise.all([
    import('pino'),
    import('pino-roll')
  ])
  const destination = await pinoRoll({
    file: join(dir, name),
    extension: '.log',
    size: `${Math.max(1, Math.round((options.maxBytes ?? MAX_BYTES) / 1024))}k`,
    // Files of earlier runs count too, so a person's folder never holds more than KEEP of a kind.
    limit: { count: options.keep ?? KEEP, removeOtherLogFiles: true },
    mkdir: true,
    sync: true,
    // Lines may name guests and bookings: for the person's own account only.
    mode: 0o600
  })
  let lastSecrets: readonly string[] = []
  const secrets = (): readonly string[] => {
    try {
      lastSecrets = options.secrets?.() ?? []
    } catch {
      // A token store that fails must not cost the line; the last tokens read still apply.
    }
    return lastSecrets
  }
  const logger = pino(
    {
      base: { pid: process.pid, process: name },
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: stdSerializers.errWithCause }
    },
    { write: (line: string) => void destination.write(scrubLine(line, secrets())) }
  )
  const fieldsWith = (err: unknown, fields?: LogFields): LogFields =>
    err === undefined ? { ...fields } : { ...fields, err: asError(err) }

  const log: Log = {
    dir,
    file: () => destination.file,
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, err, fields) => logger.error(fieldsWith(err, fields), message),
    report: (message, err) => (err === undefined ? log.info(message) : log.error(message, err)),
    flush: () => {
      try {
        destination.flushSync()
      } catch {
        // Nothing buffered (writes are synchronous) or the file is gone: nothing to add.
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (destination.destroyed) return resolve()
        destination.once('close', () => resolve())
        destination.end()
      })
  }
  return log
}

/** pino's error serializer wants an Error; a thrown string or object is wrapped, kept as data. */
function asError(err: unknown): unknown {
  if (err instanceof Error) return err
  const wrapped = new Error(typeof err === 'string' ? err : 'a value that is not an Error')
  wrapped.name = 'NonError'
  return Object.assign(wrapped, { value: err })
}
