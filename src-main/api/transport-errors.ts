import { ApiError, DEFAULT_MESSAGES } from './errors'
import type { WriteInfo } from './http'
import { abortedError } from './retry'

/** What undici throws, mapped to codes; kept apart from http.ts so the mapping reads as a table. */

/** Errors raised before anything went on the wire: a write is safe to try again by hand. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'UND_ERR_CONNECT_TIMEOUT'
])
const TLS_CODE = /^(CERT_|ERR_TLS_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_)/

export function unverifiedOr(err: ApiError, write: WriteInfo | undefined): ApiError {
  if (!write) return err
  return new ApiError('bad-response', write.unverifiedMessage, {
    status: err.status,
    detail: err.detail,
    succeededUnverified: true,
    reconcile: write.reconcile
  })
}

export function timeoutError(detail: string): ApiError {
  return new ApiError('timeout', DEFAULT_MESSAGES.timeout, { detail })
}

export function errorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown }; errors?: { code?: unknown }[] }
  if (typeof e?.code === 'string') return e.code
  if (typeof e?.cause?.code === 'string') return e.cause.code
  const first = e?.errors?.find((x) => typeof x?.code === 'string')
  return typeof first?.code === 'string' ? first.code : undefined
}

/**
 * Maps what undici throws to a code. For writes, anything that may have happened after the
 * request went out is an unknown outcome: the booking may exist, so nobody should "retry".
 */
export function transportError(
  err: unknown,
  signal: AbortSignal | undefined,
  write: WriteInfo | undefined,
  afterHeaders: boolean
): ApiError {
  const code = errorCode(err)
  if (signal?.aborted) {
    if (!write) return abortedError()
    return new ApiError(
      'aborted',
      'The request was cancelled while waiting for the service, so its outcome is unknown. ' +
        'Check the booking before trying again.',
      { reconcile: write.reconcile, detail: code }
    )
  }
  if (code && TLS_CODE.test(code)) {
    return new ApiError(
      'offline',
      "The service's security certificate could not be verified, so StayDesk did not connect.",
      { detail: code }
    )
  }
  if (write && afterHeaders) {
    return new ApiError('bad-response', write.unverifiedMessage, {
      detail: code,
      succeededUnverified: true,
      reconcile: write.reconcile
    })
  }
  if (write && !(code && NOT_SENT.has(code))) {
    return new ApiError('outcome-unknown', write.unknownMessage, {
      detail: code,
      reconcile: write.reconcile
    })
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return timeoutError(code)
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return timeoutError(code)
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new ApiError(
      'offline',
      'The service address could not be found. Check the internet connection and the profile.',
      { detail: code }
    )
  }
  if (code && NOT_SENT.has(code)) {
    return new ApiError('offline', DEFAULT_MESSAGES.offline, { detail: code })
  }
  return new ApiError(
    'offline',
    'The connection to the service was lost before its answer arrived. Try again.',
    { detail: code ?? (err instanceof Error ? err.name : 'unknown') }
  )
}
