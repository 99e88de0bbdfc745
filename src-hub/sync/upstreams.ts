import { statSync } from 'node:fs'
import { HubInputError } from '../errors'
import {
  createUpstream,
  HUB_ENVIRONMENTS,
  upstreamConfigsFromEnv,
  type HubUpstreams
} from '../upstream'

/**
 * The upstreams the environment names (STAYDESK_HUB_<ENV>_URL with _TOKEN or _TOKEN_FILE, see
 * src-hub/upstream.ts), with one more rule for a token file: only its owner may read it (0600
 * or 0400), as ssh demands of a private key; a file others can read is refused at start, naming
 * the chmod that fixes it, rather than used.
 */
export function upstreamsFromEnv(vars: NodeJS.ProcessEnv = process.env): HubUpstreams {
  for (const env of HUB_ENVIRONMENTS) {
    const name = `STAYDESK_HUB_${env.toUpperCase()}_TOKEN_FILE`
    const file = vars[name]?.trim()
    if (!file || vars[`STAYDESK_HUB_${env.toUpperCase()}_TOKEN`]?.trim()) continue
    let mode: number
    try {
      mode = statSync(file).mode
    } catch {
      continue // upstreamConfigsFromEnv says the file cannot be read, with its reason
    }
    if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
      throw new HubInputError(
        `${name} names ${file}, which others may read (mode ${(mode & 0o777).toString(8)}): ` +
          `run chmod 600 ${file}`
      )
    }
  }
  const upstreams: HubUpstreams = {}
  for (const [env, config] of Object.entries(upstreamConfigsFromEnv(vars))) {
    const key = env as keyof HubUpstreams
    try {
      upstreams[key] = createUpstream(key, config)
    } catch (err) {
      // The client's sentence (not https, not a URL): said as the variable's mistake.
      throw new HubInputError(`STAYDESK_HUB_${env.toUpperCase()}_URL: ${(err as Error).message}`)
    }
  }
  return upstreams
}
