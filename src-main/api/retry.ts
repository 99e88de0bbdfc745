import { ApiError, rateLimitedMessage } from './errors'

/**
 * Retry policy for idempotent reads only (RFC 9110 §9.2.2: never auto-retry a non-idempotent
 * request). Capped exponential backoff with full jitter, as AWS recommends, so that many
 * clients failing together do not come back together.
 */

export interface RetryOptions {
  /** Total attempts including the first. */
  maxAttempts?: number
  baseMs?: number
  capMs?: number
  random?: () => number
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

export interface RetryPolicy {
  maxAttempts: number
  baseMs: number
  capMs: number
  random: () => number
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
}

const DEFAULT_RETRY = { maxAttempts: 4, baseMs: 500, capMs: 10_000 } as const

export function retryPolicy(opts: RetryOptions = {}): RetryPolicy {
  return {
    maxAttempts: Math.max(1, Math.floor(opts.maxAttempts ?? DEFAULT_RETRY.maxAttempts)),
    baseMs: Math.max(0, opts.baseMs ?? DEFAULT_RETRY.baseMs),
    capMs: Math.max(0, opts.capMs ?? DEFAULT_RETRY.capMs),
    random: opts.random ?? Math.random,
    sleep: opts.sleep ?? abortableSleep
  }
}

/** Upper bound of the n-th backoff (n = 0 after the first failure): min(cap, base·2^n). */
export function backoffCeiling(policy: RetryPolicy, n: number): number {
  return Math.min(policy.capMs, policy.baseMs * 2 ** n)
}

/** Full jitter: uniformly in [0, min(cap, base·2^n)]. */
export function backoffDelay(policy: RetryPolicy, n: number): number {
  const r = Math.min(Math.max(policy.random(), 0), 1)
  return Math.floor(r * backoffCeiling(policy, n))
}

/** Retry-After as seconds or an HTTP-date (RFC 9110 §10.2.3), in ms from `now`; never negative. */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now()
): number | undefined {
  if (!value) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}

/** Codes worth another attempt: the failure is likely transient and the read is idempotent. */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.permanent) return false
  if (err.code === 'offline' || err.code === 'timeout' || err.code === 'rate-limited') return true
  return err.code === 'server-error' && [500, 502, 503, 504].includes(err.status ?? 0)
}

/**
 * Runs `attempt` until it succeeds, fails with a non-retryable error or the attempt cap is hit.
 * A Retry-After longer than the cap is not waited out: the caller gets a "retry at" error,
 * because a UI that hangs for minutes is worse than telling the agent when to come back.
 */
export async function withRetry<T>(
  policy: RetryPolicy,
  attempt: (n: number) => Promise<T>,
  signal?: AbortSignal,
  onRetry?: (n: number, delayMs: number, err: ApiError) => void
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt(n)
    } catch (err) {
      if (!isRetryable(err) || n + 1 >= policy.maxAttempts) throw err
      const apiErr = err as ApiError
      const jitter = backoffDelay(policy, n)
      const after = apiErr.retryAfterMs
      if (after !== undefined && after > policy.capMs) throw retryLater(apiErr, after)
      const delay = after !== undefined ? Math.max(after, jitter) : jitter
      onRetry?.(n + 1, delay, apiErr)
      await policy.sleep(delay, signal)
    }
  }
}

function retryLater(err: ApiError, afterMs: number): ApiError {
  const message =
    err.code === 'rate-limited'
      ? rateLimitedMessage(afterMs)
      : `${err.message} The service asked to wait; retry at ${new Date(
          Date.now() + afterMs
        ).toLocaleTimeString('en-GB', { hour12: false })}.`
  return new ApiError(err.code, message, {
    status: err.status,
    retryAfterMs: afterMs,
    serviceMessage: err.serviceMessage,
    detail: err.detail
  })
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError())
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(abortedError())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

export function abortedError(): ApiError {
  return new ApiError('aborted', 'The request was cancelled.')
}
