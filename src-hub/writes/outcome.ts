import { ApiError } from '../../src-main/api'
import type { WriteCompletion } from '../journal/store'

/**
 * How a write's send ended, as the journal records it and as the hub answers the desk: the
 * service's own status and body when it answered yes or no, and for an outcome nobody knows a
 * 502 (the service answered an internal error or something unreadable) or a 504 (no answer in
 * time, the connection lost) with the journal row's id.
 */

export interface Relay {
  status: number
  body: Record<string, unknown>
}

const UNKNOWN_TAIL =
  'The outcome is unknown: it may have been carried out all the same. Check before trying ' +
  'again; the hub did not send it again.'

/** The service's own words for a refusal, else the client's sentence. */
const serviceWords = (err: ApiError): string => err.serviceMessage ?? err.message

/** True when the request certainly never reached the service (refused connection, no DNS). */
function notSent(err: ApiError): boolean {
  if (err.reconcile || err.succeededUnverified) return false
  return err.code === 'offline' || err.localNetwork === true || err.status === undefined
}

export function failedWrite(
  err: unknown,
  env: string
): { completion: WriteCompletion; relay: (journalId: number) => Relay } {
  if (!(err instanceof ApiError)) {
    // The hub's own fault while sending: whether the request left is not known.
    const message = `The hub failed while sending this write. ${UNKNOWN_TAIL}`
    return unknownOutcome(502, message, null)
  }
  if (err.status !== undefined && err.status >= 500) {
    const said = err.serviceMessage ? ` It said: "${err.serviceMessage}".` : ''
    const message = `The ${env} service answered with an internal error (${err.status}).${said} ${UNKNOWN_TAIL}`
    return unknownOutcome(502, message, err.status)
  }
  if (err.succeededUnverified) {
    return unknownOutcome(
      502,
      `The ${env} service's answer could not be read. ${UNKNOWN_TAIL}`,
      err.status ?? null
    )
  }
  if (['outcome-unknown', 'timeout', 'aborted'].includes(err.code) || err.reconcile) {
    const why =
      err.code === 'timeout'
        ? `The ${env} service did not answer in time.`
        : `The connection to the ${env} service was lost after the write was sent.`
    return unknownOutcome(504, `${why} ${UNKNOWN_TAIL}`, null)
  }
  if (notSent(err)) {
    // Offline: the service is out of reach, which is not a fault of the hub or the desk.
    const offline = err.code === 'offline' || err.localNetwork === true
    const message = offline
      ? `The ${env} service cannot be reached: ${err.message} Nothing was sent.`
      : `${err.message} Nothing was sent.`
    return {
      completion: { outcome: 'not-sent', status: null, answer: null, message },
      relay: (journalId) => ({
        status: offline ? 503 : 400,
        body: { message, journalId, outcome: 'not-sent' }
      })
    }
  }
  const message = serviceWords(err)
  const status = err.status ?? 400
  return {
    completion: { outcome: 'refused', status, answer: { message }, message },
    relay: (journalId) => ({ status, body: { message, journalId, outcome: 'refused' } })
  }
}

function unknownOutcome(
  status: 502 | 504,
  message: string,
  serviceStatus: number | null
): { completion: WriteCompletion; relay: (journalId: number) => Relay } {
  return {
    completion: { outcome: 'unknown', status: serviceStatus, answer: null, message },
    relay: (journalId) => ({ status, body: { message, journalId, outcome: 'unknown' } })
  }
}
