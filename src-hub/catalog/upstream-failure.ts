import { ApiError } from '../../src-main/api'
import type { HubEnvironment } from '../upstream'

/**
 * A read the hub passed on to the service and that failed, as the answer a desk gets: the
 * status its client maps to the same kind of failure (an outage stays an outage, never an error
 * of StayDesk), with one sentence. The service's refusal of the hub's own token is the hub
 * administrator's matter, said as such; the desk's token was fine.
 */
export function upstreamFailure(
  err: unknown,
  env: HubEnvironment
): { status: 400 | 404 | 429 | 502 | 503; message: string } {
  if (!(err instanceof ApiError)) throw err
  switch (err.code) {
    case 'not-found':
      return { status: 404, message: err.message }
    case 'bad-input':
      return { status: 400, message: err.message }
    case 'rate-limited':
      return { status: 429, message: `The ${env} service is busy; try again in a moment` }
    case 'unauthorized':
    case 'forbidden':
      return {
        status: 502,
        message: `The ${env} service refused this hub's service token; the hub's administrator must renew it`
      }
    case 'bad-response':
      return { status: 502, message: `The ${env} service sent an answer the hub could not read` }
    default:
      return { status: 503, message: `The ${env} service cannot be reached just now` }
  }
}
