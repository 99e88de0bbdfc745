import type { Context } from 'hono'
import type { z } from 'zod'
import { HUB_CONFIRM_HEADER } from '@shared/hub/journal'
import { ApiError } from '../../src-main/api'
import { checkRequest } from '../../src-main/api/validate'
import { HubInputError } from '../errors'
import type { HubEnv } from '../server'
import type { Upstream } from '../upstream'

/** What every route under `/<env>/v1` reads from its request: the environment, the body. */

/** The environment's service; only `/test/v1` and `/production/v1` have one. */
export function upstreamOf(c: Context<HubEnv>): Upstream | undefined {
  return c.get('upstream') as Upstream | undefined
}

/**
 * The request's JSON body checked against the shared schema (the one the desk's client and the
 * service's sandbox use): a 400 naming the field, with the schema's own words, otherwise.
 */
export async function bodyOf<S extends z.ZodType>(
  c: Context<HubEnv>,
  schema: S
): Promise<z.infer<S>> {
  let raw: unknown
  try {
    raw = await c.req.json()
  } catch {
    throw new HubInputError('The request body must be JSON (Content-Type: application/json)')
  }
  try {
    return checkRequest(schema, raw)
  } catch (err) {
    if (err instanceof ApiError) throw new HubInputError(err.message)
    throw err
  }
}

/**
 * On production, the value the desk's dialog had the agent type (see HUB_CONFIRM_HEADER): a
 * 428 sentence when it is missing or another, so a request alone never changes live data.
 */
export function confirmationRefusal(
  c: Context<HubEnv>,
  upstream: Upstream,
  expected: string,
  what: string
): Response | undefined {
  if (upstream.env !== 'production') return undefined
  const typed = c.req.header(HUB_CONFIRM_HEADER)?.trim()
  if (typed === expected) return undefined
  const message =
    typed === undefined || typed === ''
      ? `A production write needs ${what} (${expected}) typed to confirm it, sent as the ${HUB_CONFIRM_HEADER} header; nothing was sent`
      : `The confirmation typed (${HUB_CONFIRM_HEADER}) is not ${what} (${expected}); nothing was sent`
  return c.json({ message }, 428)
}
