import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createToken } from '../../../src-hub/tokens'
import { addUser } from '../../../src-hub/users'
import { recordingProxy } from '../main/app-fixtures'
import { startTestSandbox, TOKEN } from '../sandbox/sandbox-client'
import { HUB_DATABASES, openMigrated, useHubPlaces, type HubPlace } from './fixture'

/**
 * Issue 22 part 3: a hub killed (SIGKILL) between its journal row and the service's answer. The
 * hub runs as a real process; the sandbox holds the cancellation (`hold`), so the hub dies with
 * the write on its way. After a restart the row is `unknown`, never sent again.
 */

const places = useHubPlaces()
const root = join(import.meta.dirname, '../../..')
const children: ChildProcess[] = []
const scratch = mkdtempSync(join(tmpdir(), 'staydesk-hub-child-'))

/** The child's entry, an ES module in a temporary folder (never in the repository). */
function childFile(code: string): string {
  const file = join(scratch, 'hub-child.mts')
  writeFileSync(file, code)
  return file
}

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true })
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
})

/** A hub process with part 3's routes on `place`, the test service at `url`; resolves its port. */
async function hubProcess(
  place: HubPlace,
  url: string
): Promise<{ child: ChildProcess; base: string }> {
  const code = `
    const { connectHubDatabase, migrateHubDatabase } = await import(${JSON.stringify(join(root, 'src-hub/db/connect.ts'))})
    const { createHubLog } = await import(${JSON.stringify(join(root, 'src-hub/log.ts'))})
    const { createHubApp, serveHub } = await import(${JSON.stringify(join(root, 'src-hub/server.ts'))})
    const { createUpstream } = await import(${JSON.stringify(join(root, 'src-hub/upstream.ts'))})
    const { registerTeamRoutes } = await import(${JSON.stringify(join(root, 'src-hub/writes/team-routes.ts'))})
    const hub = await connectHubDatabase(${JSON.stringify({ databaseUrl: place.databaseUrl, dataDir: place.dataDir })})
    await migrateHubDatabase(hub.db)
    const upstreams = { test: createUpstream('test', { baseUrl: ${JSON.stringify(url)}, token: ${JSON.stringify(TOKEN)}, salesChannel: 'DEMO' }) }
    const app = createHubApp({ db: hub.db, kind: hub.kind, log: createHubLog({ destination: process.stderr }), upstreams }, [registerTeamRoutes])
    const served = await serveHub(app, { port: 0, host: '127.0.0.1' })
    process.stdout.write(JSON.stringify({ port: served.port }) + '\\n')
  `
  // Node itself with tsx's loader, not the tsx command: SIGKILL must reach the hub's process.
  const child = spawn(process.execPath, ['--import', 'tsx', childFile(code)], {
    cwd: root,
    env: { ...process.env, TSX_TSCONFIG_PATH: join(root, 'tsconfig.node.json') },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  children.push(child)
  let out = ''
  let err = ''
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()))
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString()
      const m = /\{"port":(\d+)\}/.exec(out)
      if (m) resolve(Number(m[1]))
    })
    child.once('exit', (code) => reject(new Error(`hub exited ${code}: ${err}`)))
  })
  return { child, base: `http://127.0.0.1:${port}` }
}

describe.each(HUB_DATABASES)('a hub killed mid-write (%s)', (kind) => {
  it('leaves an unknown row after restart, and the service saw the cancellation at most once', async () => {
    const sandbox = await startTestSandbox()
    const proxy = await recordingProxy(sandbox.url)
    const place = await places.place(kind)
    const setup = await openMigrated(place)
    await addUser(setup.db, 'aldo', 'agent')
    await addUser(setup.db, 'dino', 'agent')
    const aldo = (await createToken(setup.db, 'aldo')).token
    const dino = (await createToken(setup.db, 'dino')).token
    await setup.close()
    const cancels = () =>
      proxy.requests.filter((r) => r.startsWith('POST /v1/booking/guest/cancel')).length
    const bookingId = sandbox.store.demoBookings().find((b) => b.status === 'confirmed')!.id
    const body = JSON.stringify({ bookingId, reason: 'Guest asked', message: 'Sorry' })
    const post = (base: string, token: string) =>
      fetch(`${base}/test/v1/booking/guest/cancel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body
      })
    try {
      const first = await hubProcess(place, proxy.url)
      sandbox.setFaults({ hold: 1, paths: '^/v1/booking/guest/cancel$' })
      const lost = post(first.base, aldo).catch((err: unknown) => err)
      await expect.poll(cancels).toBe(1)
      first.child.kill('SIGKILL')
      await once(first.child, 'exit')
      expect(await lost).toBeInstanceOf(Error)

      const second = await hubProcess(place, proxy.url)
      const journal = async () => {
        const res = await fetch(`${second.base}/hub/v1/test/journal?action=cancel`, {
          headers: { authorization: `Bearer ${dino}` }
        })
        return ((await res.json()) as { items: Record<string, unknown>[] }).items
      }
      await expect.poll(async () => (await journal())[0]?.outcome).toBe('unknown')
      expect(await journal()).toMatchObject([
        {
          user: 'aldo',
          bookingId,
          outcome: 'unknown',
          message: expect.stringMatching(/did not send it again/)
        }
      ])
      // Another agent's cancellation of it now is refused with who sent the first: none is sent.
      const again = await post(second.base, dino)
      expect(again.status).toBe(409)
      expect(((await again.json()) as { message: string }).message).toMatch(
        new RegExp(`^aldo sent a cancellation of ${bookingId} .*its outcome is unknown`)
      )
      expect(cancels()).toBe(1)
      expect(sandbox.store.readBooking(bookingId, 'DEMO').status).toBe('confirmed')
      second.child.kill('SIGTERM')
      await once(second.child, 'exit')
    } finally {
      await proxy.close()
      await sandbox.close()
    }
  })
})
