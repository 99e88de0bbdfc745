import type { AppErrorCode } from '@shared/errors'
import { isRoleRefusal } from '@shared/domain/hub-roles'
import { HubWriteFailure } from '@shared/hub/answers'
import { HUB_UNREACHABLE } from '@shared/hub/words'
import { AppError } from '../errors'

/** Every failure of a service call ends as one of these codes; all are AppErrorCode members. */
export type ApiErrorCode = Extract<
  AppErrorCode,
  | 'offline'
  | 'timeout'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'bad-input'
  | 'rate-limited'
  | 'server-error'
  | 'bad-response'
  | 'outcome-unknown'
  | 'aborted'
>

/** What a caller can look up when a write may or may not have happened. */
export interface Reconcile {
  bookingId?: string
  ownReference?: string
}

export interface ApiErrorInit {
  status?: number
  retryAfterMs?: number
  serviceMessage?: string
  /** The low-level error code (e.g. UND_ERR_SOCKET), for logs; never carries request data. */
  detail?: string
  /** A 2xx arrived for a write but its body could not be checked: it probably succeeded. */
  succeededUnverified?: boolean
  reconcile?: Reconcile
  /** The request field a refusal is about, when the service's message names one. */
  field?: string
  /**
   * The same request would fail the same way until someone changes a setting (an untrusted
   * certificate, a proxy that refuses): never retried, though the service may well be up.
   */
  permanent?: boolean
  /**
   * Refused by this computer's own network set-up (a certificate it does not trust, a proxy that
   * refuses or can't be reached), and the message names that cause: shown as it is, not as
   * "check the address".
   */
  localNetwork?: boolean
}

/**
 * The message is a sentence a support agent can act on. It is built only from fixed text, the
 * status and the service's own `{message}` (redacted), so it never holds the token or card data.
 * No `cause` is attached on purpose: loggers serialise causes, and undici errors can be large.
 */
export class ApiError extends AppError {
  declare readonly code: ApiErrorCode
  readonly status?: number
  readonly retryAfterMs?: number
  readonly serviceMessage?: string
  readonly detail?: string
  readonly succeededUnverified?: boolean
  readonly reconcile?: Reconcile
  readonly permanent?: boolean
  readonly localNetwork?: boolean

  constructor(code: ApiErrorCode, message: string, init: ApiErrorInit = {}) {
    super(code, message, init.field === undefined ? {} : { field: init.field })
    this.name = 'ApiError'
    this.status = init.status
    this.retryAfterMs = init.retryAfterMs
    this.serviceMessage = init.serviceMessage
    this.detail = init.detail
    this.succeededUnverified = init.succeededUnverified
    this.reconcile = init.reconcile
    this.permanent = init.permanent
    this.localNetwork = init.localNetwork
  }
}

export const OUTCOME_UNKNOWN_MESSAGE =
  'The outcome is unknown: the connection was lost after the request was sent. ' +
  'Check the booking before trying again.'

export const SUCCEEDED_UNVERIFIED_MESSAGE =
  'The service accepted the request, but its answer could not be read, so the result is ' +
  'unverified. Check the booking before trying again.'

/** Default sentence per code, used when nothing more specific is known. */
export const DEFAULT_MESSAGES: Record<ApiErrorCode, string> = {
  offline: 'The service cannot be reached. Check the internet connection and try again.',
  timeout: 'The service did not answer in time. Try again in a moment.',
  unauthorized:
    'The service refused the access token of this profile. Check or re-enter the token.',
  forbidden: 'This profile is not allowed to do that with the service.',
  'not-found': 'The service does not know this item.',
  conflict: 'The service refused the request because of the current state of the item.',
  'bad-input': 'The service refused the request because some details are not valid.',
  'rate-limited': 'The service is receiving too many requests. Try again in a moment.',
  'server-error': 'The service had an internal problem. Try again later.',
  'bad-response': 'The service sent an answer StayDesk could not read.',
  'outcome-unknown': OUTCOME_UNKNOWN_MESSAGE,
  aborted: 'The request was cancelled.'
}

/** Status → error, for any answer that is not a 2xx. */
export function errorForStatus(
  status: number,
  serviceMessage: string | undefined,
  retryAfterMs?: number
): ApiError {
  const init = { status, serviceMessage, retryAfterMs }
  const said = serviceMessage ? ` The service said: "${serviceMessage}".` : ''
  if (status === 400 || status === 422) {
    const field = fieldOf(serviceMessage)
    return new ApiError('bad-input', `${DEFAULT_MESSAGES['bad-input']}${said}`, {
      ...init,
      ...(field ? { field } : {})
    })
  }
  if (status === 401) return new ApiError('unauthorized', DEFAULT_MESSAGES.unauthorized, init)
  if (status === 403) return new ApiError('forbidden', `${DEFAULT_MESSAGES.forbidden}${said}`, init)
  if (status === 404) return new ApiError('not-found', DEFAULT_MESSAGES['not-found'], init)
  if (status === 409) {
    const field = conflictFieldOf(serviceMessage)
    return new ApiError('conflict', `${DEFAULT_MESSAGES.conflict}${said}`, {
      ...init,
      ...(field ? { field } : {})
    })
  }
  if (status === 429) {
    return new ApiError('rate-limited', rateLimitedMessage(retryAfterMs), init)
  }
  if (status >= 500) {
    return new ApiError('server-error', `${DEFAULT_MESSAGES['server-error']}${said}`, init)
  }
  if (status >= 300 && status < 400) {
    // Redirects are never followed: the next hop could be another origin, and the token
    // must only ever go to the profile's own service address.
    return new ApiError(
      'bad-response',
      'The service answered with a redirect, which StayDesk does not follow to keep the ' +
        'access token safe. Check the service address of this profile.',
      init
    )
  }
  return new ApiError(
    'bad-response',
    `The service answered with unexpected status ${status}.`,
    init
  )
}

/**
 * The answers only a team hub gives a write (docs/hub.md), in words that say who decided: a 409
 * naming the agent whose write on the same target is on its way or just done (nothing sent),
 * a 428 for a production write without its typed confirmation (nothing sent), a 503 when the
 * hub could not reach the service (nothing sent: an outage, not a failure of the write). Any
 * other answer, the service's own relayed through the hub included, is read as the service's.
 * `said` is the hub's sentence, already scrubbed of the token and card data.
 */
export function hubWriteError(status: number, body: unknown, said: string): ApiError | undefined {
  const parsed = HubWriteFailure.safeParse(body)
  if (!parsed.success) return undefined
  const init = { status, serviceMessage: said }
  if (status === 409 && parsed.data.user !== undefined) {
    return new ApiError('conflict', `The team hub did not send it: ${said}.`, init)
  }
  if (status === 428) {
    return new ApiError(
      'bad-input',
      `The team hub needs the typed confirmation of this production write: ${said}`,
      { ...init, field: 'confirmation' }
    )
  }
  if (status === 503 && parsed.data.outcome === 'not-sent') {
    return new ApiError(
      'offline',
      `The team hub could not reach the service, so nothing was sent. The hub said: "${said}".`,
      init
    )
  }
  return undefined
}

/**
 * On a profile connected through a team hub, a 403 in the hub's own words is the hub refusing
 * the user's role before anything reached the service: said as the hub's, not the service's.
 * A 403 the service gave, relayed by the hub, keeps the service's words.
 */
export function asHubRoleRefusal(err: ApiError): ApiError {
  if (err.code !== 'forbidden' || !err.serviceMessage || !isRoleRefusal(err.serviceMessage)) {
    return err
  }
  return new ApiError(
    'forbidden',
    `Your role on the team hub does not allow this, so nothing was sent: ${err.serviceMessage}.`,
    { status: err.status, serviceMessage: err.serviceMessage }
  )
}

/**
 * On a profile connected through a team hub, a request that got no answer at all did not find
 * the hub, whatever the service is doing: said as such, an outage (the offline copy keeps
 * answering), never an error of StayDesk. An answer the hub gave (a status) keeps its words,
 * and so does a write's lost answer (unknown) or a slow answer (timeout).
 */
export function asHubOutage(err: ApiError): ApiError {
  if (err.status !== undefined || err.localNetwork) return err
  if (err.code !== 'offline') return err
  const message = `${HUB_UNREACHABLE}: check your connection, or ask whoever runs the hub.`
  return new ApiError('offline', message, {
    detail: err.detail,
    ...(err.reconcile ? { reconcile: err.reconcile } : {})
  })
}

/** "retry at 14:05:30" in the machine's local time, which is what the agent's clock shows. */
export function rateLimitedMessage(retryAfterMs: number | undefined, now = Date.now()): string {
  if (retryAfterMs === undefined) return DEFAULT_MESSAGES['rate-limited']
  const at = new Date(now + retryAfterMs).toLocaleTimeString('en-GB', { hour12: false })
  return `The service is receiving too many requests (rate limited); retry at ${at}.`
}

/**
 * The field a refusal names, when the service's message starts with a request path the way
 * validation messages do (`guest.email: must be an e-mail address`, `childrenAges.1: ...`).
 */
function fieldOf(serviceMessage: string | undefined): string | undefined {
  const m = /^([a-zA-Z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9]+)*): /.exec(serviceMessage ?? '')
  return m ? m[1] : undefined
}

/**
 * A conflict names its field as the first word, without a colon (`ownReference R-1 is already
 * used by booking SB1`). Only a request path counts: camelCase or dotted (`creditCard.cvc`),
 * so that a sentence starting with a plain word ("booking state is not valid") names none.
 */
function conflictFieldOf(serviceMessage: string | undefined): string | undefined {
  const m =
    /^([a-z]+[A-Z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9]+)*|[a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9]+)+)[:\s]/.exec(
      serviceMessage ?? ''
    )
  return m ? m[1] : undefined
}
