import type { AppErrorCode, AppErrorPayload } from '@shared/errors'

/**
 * A failure a handler means to report: its code and sentence cross IPC as they are. Anything
 * else a handler throws is a bug and crosses as a fixed 'internal' sentence, because its text
 * may hold anything (paths, stack details, request data).
 */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string
  ) {
    super(message)
    this.name = 'AppError'
  }

  toPayload(): AppErrorPayload {
    return { code: this.code, message: this.message }
  }
}
