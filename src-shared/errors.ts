/**
 * Errors cross the IPC boundary as values, never as thrown exceptions (Electron rebuilds a
 * thrown Error in the renderer and loses its fields). Codes are stable and machine-readable;
 * the renderer maps them to sentences in one place.
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
export type AppErrorCode = (typeof APP_ERROR_CODES)[number]

export interface AppErrorPayload {
  code: AppErrorCode
  message: string
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorPayload }

export function ok<T>(value: T): Result<T> {
  return { ok: true, value }
}

export function fail(code: AppErrorCode, message: string): Result<never> {
  return { ok: false, error: { code, message } }
}
