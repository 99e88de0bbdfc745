import { readFileSync, statSync } from 'node:fs'
import { createApiClient, type ApiClient } from '../src-main/api/client'
import { HubInputError } from './errors'

/**
 * The service the hub talks to, one per environment. Desks address an environment by path
 * (`/test/v1/...`, `/production/v1/...`), so a desk's production profile can never read or
 * write test data by mistake, nor the other way round.
 *
 * The service's token is the hub's alone: it comes from the environment (or a file the
 * environment names) and is never written to the database, a log line or an answer.
 */
export const HUB_ENVIRONMENTS = ['test', 'production'] as const
export type HubEnvironment = (typeof HUB_ENVIRONMENTS)[number]

export function isHubEnvironment(value: string): value is HubEnvironment {
  return (HUB_ENVIRONMENTS as readonly string[]).includes(value)
}

export interface Upstream {
  env: HubEnvironment
  /** The service's base URL, `…/v1` included, as a desktop profile names it. */
  baseUrl: string
  /** The sales channel the hub reads bookings for (GET /v1/booking/{id}/{channel}). */
  salesChannel: string | null
  client: ApiClient
}

export type HubUpstreams = Partial<Record<HubEnvironment, Upstream>>

export interface UpstreamConfig {
  baseUrl: string
  token: string
  salesChannel?: string | null
}

export function createUpstream(env: HubEnvironment, config: UpstreamConfig): Upstream {
  return {
    env,
    baseUrl: config.baseUrl,
    salesChannel: config.salesChannel ?? null,
    client: createApiClient({
      baseUrl: config.baseUrl,
      token: config.token,
      salesChannel: config.salesChannel ?? undefined
    })
  }
}

/**
 * The upstreams named by the environment: `STAYDESK_HUB_TEST_URL` with `STAYDESK_HUB_TEST_TOKEN`
 * (or `STAYDESK_HUB_TEST_TOKEN_FILE`, a file holding only the token) and optionally
 * `STAYDESK_HUB_TEST_CHANNEL`; the same with `PRODUCTION`. An environment without a URL is not
 * served; a URL without a token is a mistake said at start.
 */
function upstreamConfigsFromEnv(
  vars: NodeJS.ProcessEnv = process.env
): Partial<Record<HubEnvironment, UpstreamConfig>> {
  const configs: Partial<Record<HubEnvironment, UpstreamConfig>> = {}
  for (const env of HUB_ENVIRONMENTS) {
    const prefix = `STAYDESK_HUB_${env.toUpperCase()}`
    const baseUrl = vars[`${prefix}_URL`]?.trim()
    if (!baseUrl) continue
    const file = vars[`${prefix}_TOKEN_FILE`]?.trim()
    let token = vars[`${prefix}_TOKEN`]?.trim()
    if (!token && file) {
      try {
        // Only its owner may read it (0600 or 0400), as ssh demands of a private key.
        const mode = statSync(file).mode
        if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
          throw new HubInputError(
            `${prefix}_TOKEN_FILE names ${file}, which others may read (mode ${(mode & 0o777).toString(8)}): ` +
              `run chmod 600 ${file}`
          )
        }
        token = readFileSync(file, 'utf8').trim()
      } catch (err) {
        if (err instanceof HubInputError) throw err
        throw new HubInputError(
          `${prefix}_TOKEN_FILE names ${file}, which could not be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`
        )
      }
    }
    if (!token) {
      throw new HubInputError(
        `${prefix}_URL is set but the service token is not: set ${prefix}_TOKEN or ${prefix}_TOKEN_FILE`
      )
    }
    configs[env] = { baseUrl, token, salesChannel: vars[`${prefix}_CHANNEL`]?.trim() || null }
  }
  return configs
}

/** The upstreams the environment names, each with its client; a mistake is said by variable. */
export function upstreamsFromEnv(vars: NodeJS.ProcessEnv = process.env): HubUpstreams {
  const upstreams: HubUpstreams = {}
  for (const [env, config] of Object.entries(upstreamConfigsFromEnv(vars))) {
    const key = env as HubEnvironment
    try {
      upstreams[key] = createUpstream(key, config)
    } catch (err) {
      // The client's sentence (not https, not a URL): said as the variable's mistake.
      throw new HubInputError(`STAYDESK_HUB_${env.toUpperCase()}_URL: ${(err as Error).message}`)
    }
  }
  return upstreams
}
