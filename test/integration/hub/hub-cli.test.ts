import { spawn, type ChildProcess } from 'node:child_process'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { startSandbox } from '../../../src-main/sandbox'
import { HUB_DATABASES, openMigrated, useHubPlaces, type HubPlace } from './fixture'

/**
 * `npm run hub -- …` as a person runs it: a real process (tsx over src-hub/cli.ts, as the
 * package script does), its exit code and its words, then a served hub answering over loopback.
 */

const root = resolve(import.meta.dirname, '../../..')
const tsx = join(root, 'node_modules', '.bin', 'tsx')
const places = useHubPlaces()
const running: ChildProcess[] = []

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

function start(place: HubPlace, args: string[], extra: NodeJS.ProcessEnv = {}): ChildProcess {
  const data = place.dataDir ? ['--data', place.dataDir] : []
  const env = { ...process.env, DATABASE_URL: place.databaseUrl ?? '', ...extra }
  const child = spawn(
    tsx,
    ['--tsconfig', 'tsconfig.node.json', 'src-hub/cli.ts', ...args, ...data],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe']
    }
  )
  running.push(child)
  return child
}

async function hubCli(
  place: HubPlace,
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return hubCliWith(place, {}, ...args)
}

async function hubCliWith(
  place: HubPlace,
  env: NodeJS.ProcessEnv,
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = start(place, args, env)
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
  const code = await new Promise<number | null>((done) => child.once('exit', (c) => done(c)))
  return { code, stdout, stderr }
}

/** Starts `serve --port 0` and resolves with its address once its log says it listens. */
async function serve(
  place: HubPlace
): Promise<{ child: ChildProcess; base: string; log: () => string }> {
  const child = start(place, ['serve', '--port', '0'])
  let out = ''
  let err = ''
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  const base = await new Promise<string>((done, fail) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /"url":"(http:\/\/[^"]+)"[^\n]*"msg":"listening"/.exec(out)
      if (m) done(m[1])
    })
    child.once('exit', (code) => fail(new Error(`serve exited ${code}: ${err}`)))
  })
  return { child, base, log: () => out }
}

const whoami = async (base: string, token: string) => {
  const res = await fetch(`${base}/hub/v1/whoami`, {
    headers: { authorization: `Bearer ${token}` }
  })
  return { status: res.status, body: (await res.json()) as Record<string, string> }
}

describe.each(HUB_DATABASES)('npm run hub (%s)', (kind) => {
  it(
    'adds users, refuses bad input with exit 2, makes a token a served hub accepts',
    { timeout: 180_000 },
    async () => {
      const place = await places.place(kind)
      expect(await hubCli(place, 'users', 'add', 'ana', '--role', 'agent')).toMatchObject({
        code: 0,
        stdout: 'added ana (agent)\n'
      })
      const refusals = [
        [
          ['users', 'add', 'ANA', '--role', 'viewer'],
          'hub: a user named "ana" is already on this hub'
        ],
        [
          ['users', 'add', 'bo', '--role', 'owner'],
          'hub: unknown role "owner": the roles are viewer, agent, manager, admin'
        ],
        [['users', 'role', 'carl', 'admin'], 'hub: no user named "carl" on this hub'],
        [['tokens', 'revoke', 'seven'], 'hub: token id "seven"']
      ] as const
      for (const [args, message] of refusals) {
        const result = await hubCli(place, ...args)
        expect(result.code, args.join(' ')).toBe(2)
        expect(result.stderr).toContain(message)
      }

      const made = await hubCli(place, 'tokens', 'create', 'ana', '--label', 'front desk')
      expect(made.code).toBe(0)
      const token = made.stdout.trim()
      expect(token).toMatch(/^sdh_\d+_[A-Za-z0-9_-]{43}$/)
      expect(made.stderr).toMatch(/shown this once/)
      const listed = await hubCli(place, 'tokens', 'list', 'ana')
      expect(listed.stdout).toMatch(/^1\tana\tfront desk\tmade .+\tlast used -\n$/)
      expect(listed.stdout).not.toContain(token.split('_').slice(2).join('_'))

      const hub = await serve(place)
      expect(await whoami(hub.base, token)).toEqual({
        status: 200,
        body: { user: 'ana', role: 'agent' }
      })
      const health = await fetch(`${hub.base}/hub/v1/health`)
      expect(await health.json()).toEqual({ ok: true, database: kind })

      if (kind === 'postgres') {
        // Beside a running hub, on the same server: the change holds at the next request.
        expect((await hubCli(place, 'users', 'disable', 'ana')).code).toBe(0)
        expect((await whoami(hub.base, token)).status).toBe(401)
      } else {
        // The embedded database is one process's: a second one is refused, not let in to damage it.
        const beside = await hubCli(place, 'users', 'list')
        expect(beside.code).toBe(1)
        expect(beside.stderr).toMatch(/is open in another process \(pid \d+/)
      }

      const exited = new Promise((done) => hub.child.once('exit', done))
      hub.child.kill('SIGINT')
      expect(await exited).toBe(0)
      expect(hub.log()).not.toContain(token.split('_').slice(2).join('_'))
      // Stopped, it lets the folder go: the next command opens it.
      const after = await hubCli(place, 'users', 'list')
      expect(after.code).toBe(0)
      expect(after.stdout).toMatch(/^ana\tagent\tadded /)
    }
  )

  it(
    'sync walks the service and packs what it wrote for new desks, as the timer does',
    { timeout: 180_000 },
    async () => {
      const place = await places.place(kind)
      const sandbox = await startSandbox({ listings: 30, seed: 4, today: '2026-11-23' })
      try {
        const service = {
          STAYDESK_HUB_TEST_URL: sandbox.url,
          STAYDESK_HUB_TEST_TOKEN: 'demo-token',
          STAYDESK_HUB_TEST_CHANNEL: 'DEMO'
        }
        const synced = await hubCliWith(place, service, 'sync', '--env', 'test')
        expect(synced.stderr).toBe('')
        expect(synced.code).toBe(0)
        expect(synced.stdout).toContain('test listings: full+delta, 30 records')
        // Every listing, calendar and rate record: a new desk's snapshot reads them packed.
        expect(synced.stdout).toMatch(/^test: \d+ ms; 90 records packed for new desks' snapshots$/m)
        const hub = await openMigrated(place)
        try {
          for (const table of ['hub_listing', 'hub_availability', 'hub_rate'] as const) {
            const { rows } = await sql<{ unpacked: number; held: number }>`
              SELECT count(*) FILTER (WHERE packed IS NULL)::integer AS unpacked,
                count(*)::integer AS held
              FROM ${sql.table(table)} WHERE env = 'test'`.execute(hub.db)
            expect(rows[0], table).toEqual({ unpacked: 0, held: 30 })
          }
        } finally {
          await hub.close()
        }
      } finally {
        await sandbox.close()
      }
    }
  )
})
