import type { Context } from 'hono'
import { ApiError } from '../../src-main/api'
import type { HubEnv } from '../server'

/**
 * A read's failure relayed to the desk: the service's status and words when it answered; when
 * it could not be reached or did not answer, 502/504 with a sentence that says so (an outage of
 * the service is not a fault of the hub, and the desk shows it as the service's).
 */
export function relayFailure(c: Context<HubEnv>, err: unknown, env: string): Response {
  if (!(err instanceof ApiError)) throw err
  if (err.status !== undefined && err.status < 500) {
    return c.json({ message: err.serviceMessage ?? err.message }, err.status as 400)
  }
  if (err.code === 'bad-input') return c.json({ message: err.message }, 400)
  if (err.status !== undefined) {
    return c.json({ message: `The ${env} service answered: ${err.message}` }, 502)
  }
  const status = err.code === 'timeout' ? 504 : 502
  return c.json({ message: `The ${env} service could not be asked: ${err.message}` }, status)
}
