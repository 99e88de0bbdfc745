import type { IncomingMessage } from 'node:http'
import type { Caller } from '../types'
import { HttpError } from './errors'

/**
 * Bearer-token check. The token alone decides the caller's channel and Merchant-of-Record mode,
 * as the spec's credentials do; there is no other way to become a channel.
 */
export function authenticate(req: IncomingMessage, callers: readonly Caller[]): Caller {
  const header = req.headers.authorization
  if (!header) throw unauthorized('Authorization: a Bearer token is required')
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!match) throw unauthorized('Authorization: must be "Bearer <token>"')
  const caller = callers.find((c) => c.token === match[1])
  if (!caller) throw unauthorized('Authorization: unknown access token')
  return caller
}

function unauthorized(message: string): HttpError {
  return new HttpError(401, message, { 'WWW-Authenticate': 'Bearer realm="sandbox"' })
}
