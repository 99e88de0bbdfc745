import { z } from 'zod'

/**
 * Errors cross the IPC boundary as values, never as thrown exceptions (Electron rebuilds a
 * thrown Error in the renderer and loses its fields). Codes are stable and machine-readable;
 * the renderer maps them to sentences in one place, a Record over this enum, so a new code
 * without a sentence there is a compile error.
 */
export const APP_ERROR_CODES = [
  'offline',
  'timeout',
  'unauthorized',
  'forbidden',
  'not-found',
  'conflict',
  'bad-input',
  'rate-limited',
  'server-error',
  'bad-response',
  'outcome-unknown',
  'aborted',
  'database',
  'internal'
] as const
export const AppErrorCode = z.enum(APP_ERROR_CODES)
export type AppErrorCode = z.infer<typeof AppErrorCode>

/**
 * The service could not be reached or answered with its own failure: the offline copy still
 * answers, so screens say "working offline" rather than reporting an error.
 */
const OUTAGE_CODES: readonly AppErrorCode[] = ['offline', 'timeout', 'server-error', 'rate-limited']

export function isOutage(code: AppErrorCode): boolean {
  return OUTAGE_CODES.includes(code)
}

/** The outages where no answer came at all: what "working offline" means on the Sync screen. */
export function isUnreachable(code: AppErrorCode): boolean {
  return code === 'offline' || code === 'timeout'
}

export const AppErrorPayload = z.object({
  code: AppErrorCode,
  message: z.string(),
  /**
   * The input field the error is about, as a dotted path of the command's input
   * (`profile.salesChannel`, `guest.email`): a form shows the message on that field.
   */
  field: z.string().optional()
})
export type AppErrorPayload = z.infer<typeof AppErrorPayload>

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorPayload }

export function ok<T>(value: T): Result<T> {
  return { ok: true, value }
}

export function fail(code: AppErrorCode, message: string, field?: string): Result<never> {
  return { ok: false, error: field === undefined ? { code, message } : { code, message, field } }
}
