import { bookingStatusLabel, paymentStatusLabel } from '@shared/domain/booking-status'
import { formatEur } from '@shared/domain/money'

/** Output of a command: a JSON document for scripts, or lines for a person. */
export interface Output {
  json(value: unknown): void
  line(text?: string): void
  /** Text exactly as given (a CSV document), nothing added. */
  text(text: string): void
  table(rows: (string | number)[][], header: string[]): void
}

/** Set once stdout's reader has gone (`staydesk … | head -1`): nothing more is written. */
let stdoutClosed = false
let listening = false

/**
 * A reader that stops early (`| head -1`) closes the pipe; the next write fails with EPIPE,
 * which Node raises as an 'error' event that nobody handles: a stack trace and exit 1. The
 * command rather ends quietly: what is left to print is dropped, and the work it was doing
 * (a sync, a write already sent) finishes as it would have, with its own exit code.
 */
export function quietWhenClosed(): void {
  if (listening) return
  listening = true
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err
      if (stream === process.stdout) stdoutClosed = true
    })
  }
}

function writeStdout(s: string): void {
  if (!stdoutClosed) process.stdout.write(s)
}

export function createOutput(write: (s: string) => void = writeStdout): Output {
  return {
    json: (value) => write(`${JSON.stringify(value, null, 2)}\n`),
    line: (text = '') => write(`${text}\n`),
    text: (text) => write(text),
    table: (rows, header) => {
      const all = [header, ...rows.map((r) => r.map(String))]
      const widths = header.map((_, i) => Math.max(...all.map((r) => String(r[i] ?? '').length)))
      for (const r of all) {
        write(
          `${r
            .map((c, i) => String(c ?? '').padEnd(widths[i]))
            .join('  ')
            .trimEnd()}\n`
        )
      }
    }
  }
}

export function euros(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '-' : formatEur(cents)
}

/** "3 h 12 min ago" style age for status output. */
export function age(ms: number | undefined): string {
  if (ms === undefined) return 'never'
  const s = Math.round(ms / 1000)
  if (s < 60) return `${s} s ago`
  const m = Math.round(s / 60)
  if (m < 60) return `${m} min ago`
  const h = Math.floor(m / 60)
  if (h < 48) return `${h} h ${m % 60} min ago`
  return `${Math.floor(h / 24)} days ago`
}

/** An instant as a person reads it in a terminal: "2026-11-23 10:04:05 UTC". */
export function instant(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '-'
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

/** "Cancelled by the guest; payment: Refunded": the statuses in the words the window uses. */
export function statusWords(status: string, paymentStatus?: string | null): string {
  const booking = bookingStatusLabel(status)
  return paymentStatus ? `${booking}; payment: ${paymentStatusLabel(paymentStatus)}` : booking
}
