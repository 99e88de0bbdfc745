import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { connectHubDatabase, migrateHubDatabase } from '../../../src-hub/db/connect'
import { catalogRoutes } from '../../../src-hub/catalog/routes'
import { createHubLog } from '../../../src-hub/log'
import { createHubApp, serveHub } from '../../../src-hub/server'
import { runHubSync } from '../../../src-hub/sync/scheduler'
import { createToken } from '../../../src-hub/tokens'
import { createUpstream } from '../../../src-hub/upstream'
import { addUser } from '../../../src-hub/users'
import { registerTeamRoutes } from '../../../src-hub/writes/team-routes'
import type { SandboxHandle } from '../../../src-main/sandbox'
import type { HubRole } from '@shared/domain/hub-roles'
import { DEMO } from '../fixtures'
import { profileCard } from './profiles'
import { navTo } from './screens'

/** A real team hub over loopback in front of a sandbox, and the team-profile steps of a desk. */

export interface TestHub {
  /** `http://127.0.0.1:PORT`: what a desk types as the hub address. */
  base: string
  /** Each agent's personal hub token, by user name. */
  tokens: Record<string, string>
  /** Stops the hub (a desk's later requests find nobody listening); its folder stays. */
  stop(): Promise<void>
  close(): Promise<void>
}

export interface HubOptions {
  /** The hub's users and their roles: by default the agents aldo and dino. */
  users?: Record<string, HubRole>
  /** One sync of the service's catalog before serving, so desks' copies hold the listings. */
  syncFirst?: boolean
}

/**
 * Starts a hub on the embedded database in a temporary folder, whose test (and production)
 * environment is `service` with the demo token. No periodic sync runs: a timer firing mid-test
 * would make tests flaky, and bookings are read live.
 */
export async function startHub(
  service: SandboxHandle,
  { users = { aldo: 'agent', dino: 'agent' }, syncFirst = false }: HubOptions = {}
): Promise<TestHub> {
  const dir = mkdtempSync(join(tmpdir(), 'staydesk-e2e-hub-'))
  const hub = await connectHubDatabase({ dataDir: join(dir, 'data') })
  await migrateHubDatabase(hub.db)
  const tokens: Record<string, string> = {}
  for (const [name, role] of Object.entries(users)) {
    await addUser(hub.db, name, role)
    tokens[name] = (await createToken(hub.db, name)).token
  }
  const log = createHubLog({ destination: { write: () => undefined } })
  const config = { baseUrl: service.url, token: DEMO.token, salesChannel: DEMO.channel }
  const upstreams = {
    test: createUpstream('test', config),
    production: createUpstream('production', config)
  }
  if (syncFirst) {
    const run = await runHubSync(hub, upstreams.test)
    expect(run !== 'busy' && run.errors, 'the hub’s first sync').toEqual([])
  }
  const app = createHubApp({ db: hub.db, kind: hub.kind, log, upstreams }, [
    registerTeamRoutes,
    catalogRoutes()
  ])
  const served = await serveHub(app, { port: 0, host: '127.0.0.1' })
  let open = true
  const stop = async () => {
    if (!open) return
    open = false
    await served.close()
    await hub.close()
  }
  return {
    base: `http://127.0.0.1:${served.port}`,
    tokens,
    stop,
    async close() {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

/** Creates a test profile that connects through the hub with `token`, as a person fills the form. */
export async function createHubProfile(
  page: Page,
  p: { name: string; hub: string; token: string }
): Promise<void> {
  await navTo(page, 'Profiles')
  await page.getByRole('button', { name: 'New profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name').fill(p.name)
  await form.locator('label', { hasText: /^Through a team hub$/ }).click()
  await form.getByLabel('Hub address').fill(p.hub)
  await form.getByLabel('Sales channel').fill(DEMO.channel)
  await form.getByLabel('Hub token', { exact: true }).fill(p.token)
  await form.getByRole('button', { name: 'Create profile' }).click()
  await expect(form).toBeHidden()
  await expect(profileCard(page, p.name)).toBeVisible()
}

/** `who` cancels `bookingId` for the guest through the hub, as another desk would: its answer. */
export function cancelThroughHub(hub: TestHub, who: string, bookingId: string): Promise<Response> {
  return fetch(`${hub.base}/test/v1/booking/guest/cancel`, {
    method: 'POST',
    headers: { authorization: `Bearer ${hub.tokens[who]}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      bookingId,
      reason: 'Guest asked',
      message: 'Sorry to see you go',
      salesChannel: DEMO.channel
    })
  })
}
