import { catalogRoutes } from '../../../src-hub/catalog/routes'
import type { HubDb } from '../../../src-hub/db/connect'
import { createHubLog } from '../../../src-hub/log'
import { createHubApp, serveHub } from '../../../src-hub/server'
import { runHubSync } from '../../../src-hub/sync/scheduler'
import { createToken } from '../../../src-hub/tokens'
import { createUpstream } from '../../../src-hub/upstream'
import { addUser } from '../../../src-hub/users'
import { registerTeamRoutes } from '../../../src-hub/writes/team-routes'
import type { SandboxHandle } from '../../../src-main/sandbox'
import { recordingProxy, type RecordingProxy } from '../main/app-fixtures'
import { startTestSandbox, TOKEN } from '../sandbox/sandbox-client'
import { openMigrated, type HubPlace } from './fixture'

/**
 * A team hub over loopback in front of the demo sandbox, for the part-3 suites: both
 * environments' upstreams reach the sandbox through a proxy that records every request (how
 * many times a write reached the service), the hub logs into `lines`, and each role has a user
 * with a token: vera (viewer), aldo and dino (agents), mara (manager).
 */

const TEAM = [
  ['vera', 'viewer'],
  ['aldo', 'agent'],
  ['dino', 'agent'],
  ['mara', 'manager']
] as const
type Member = (typeof TEAM)[number][0]

export interface TeamHub {
  place: HubPlace
  hub: HubDb
  sandbox: SandboxHandle
  proxy: RecordingProxy
  base: string
  lines: string[]
  tokens: Record<Member, string>
  /** How many requests `METHOD /path` (a prefix) reached the service. */
  sent(prefix: string): number
  call(
    who: Member,
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>
  ): Promise<{ status: number; headers: Headers; text: string; body: Record<string, unknown> }>
  /** Stops the hub and closes its database (kept on disk for dump()). */
  stop(): Promise<void>
  close(): Promise<void>
}

/**
 * `catalog`: the hub also serves the catalog (pages, deltas, snapshots) after one sync of the
 * sandbox's, so a desk on a team profile syncs from it.
 */
export async function startTeamHub(
  place: HubPlace,
  { catalog = false }: { catalog?: boolean } = {}
): Promise<TeamHub> {
  const sandbox = await startTestSandbox()
  const proxy = await recordingProxy(sandbox.url)
  const hub = await openMigrated(place)
  const tokens = {} as Record<Member, string>
  for (const [name, role] of TEAM) {
    await addUser(hub.db, name, role)
    tokens[name] = (await createToken(hub.db, name)).token
  }
  const lines: string[] = []
  const log = createHubLog({ destination: { write: (line) => lines.push(line) }, level: 'debug' })
  const config = { baseUrl: proxy.url, token: TOKEN, salesChannel: 'DEMO' }
  const upstreams = {
    test: createUpstream('test', config),
    production: createUpstream('production', config)
  }
  if (catalog) {
    // Straight from the sandbox: the recording proxy is there to count writes.
    const run = await runHubSync(hub, createUpstream('test', { ...config, baseUrl: sandbox.url }))
    if (run === 'busy' || run.errors.length > 0) {
      throw new Error(`the hub’s first sync failed: ${JSON.stringify(run)}`)
    }
  }
  const app = createHubApp(
    { db: hub.db, kind: hub.kind, log, upstreams },
    catalog ? [registerTeamRoutes, catalogRoutes()] : [registerTeamRoutes]
  )
  const served = await serveHub(app, { port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${served.port}`
  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    await served.close()
    await hub.close()
  }
  return {
    place,
    hub,
    sandbox,
    proxy,
    base,
    lines,
    tokens,
    sent: (prefix) => proxy.requests.filter((r) => r.startsWith(prefix)).length,
    async call(who, method, path, body, headers = {}) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${tokens[who]}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers
        },
        body: body === undefined ? undefined : JSON.stringify(body)
      })
      const text = await res.text()
      let parsed: Record<string, unknown> = {}
      try {
        parsed = JSON.parse(text) as Record<string, unknown>
      } catch {
        // not JSON: the test reads text
      }
      return { status: res.status, headers: res.headers, text, body: parsed }
    },
    stop,
    async close() {
      await stop()
      await proxy.close()
      await sandbox.close()
    }
  }
}
