import { parseArgs, type ParseArgsConfig } from 'node:util'
import { HUB_ROLES } from '@shared/domain/hub-roles'
import { connectHubDatabase, migrateHubDatabase, type HubDb } from './db/connect'
import { HubDatabaseError, HubInputError } from './errors'
import { createHubLog } from './log'
import { catalogRoutes } from './catalog/routes'
import { createHubApp, serveHub } from './server'
import { packCatalog } from './sync/pack'
import { runHubSync, startSyncTimer } from './sync/scheduler'
import { createToken, listTokens, parseTokenId, revokeToken } from './tokens'
import {
  createUpstream,
  HUB_ENVIRONMENTS,
  isHubEnvironment,
  upstreamsFromEnv,
  type HubUpstreams
} from './upstream'
import { addUser, disableUser, listUsers, parseRole, setUserRole } from './users'
import { registerTeamRoutes } from './writes/team-routes'

/**
 * `npm run hub -- <command>`: serves the hub and manages its users and tokens. The database is
 * DATABASE_URL's PostgreSQL server when set, else the embedded one in `--data DIR`. Every
 * command migrates the database first, so a new folder or server works at once and an upgraded
 * hub upgrades its database at its first start. Exit codes: 0 done, 1 failure (the database
 * cannot be opened), 2 a mistake in the command (unknown role or user, a name taken, a bad option).
 */

const HUB_USAGE = `usage: npm run hub -- <command> [--data DIR] [--json]
  serve [--port 8787] [--host 127.0.0.1]   serve desks (Ctrl-C stops)
        [--sync-every 60s] [--trust-proxy]   sync each environment at start, then this often
        [--demo]                             the embedded demo sandbox as the test service
  sync [--env test|production] [--full]    one sync of the catalog from the service, now
  migrate                                  bring the database up to date
  users add <name> --role <role>           roles: ${HUB_ROLES.join(', ')}
  users list
  users role <name> <role>
  users disable <name>                     their tokens stop working at once
  tokens create <user> [--label L]         prints the token once: give it to the user
  tokens list [<user>]
  tokens revoke <id>
The database: DATABASE_URL=postgres://… for a PostgreSQL server, else the embedded one in --data
(default: a staydesk-hub folder in your data folder).
The service per environment: STAYDESK_HUB_TEST_URL and STAYDESK_HUB_TEST_TOKEN (or
STAYDESK_HUB_TEST_TOKEN_FILE, a file only its owner may read), STAYDESK_HUB_TEST_CHANNEL; the same
with PRODUCTION.`

interface HubCliIo {
  out(line: string): void
  err(line: string): void
  env: NodeJS.ProcessEnv
  /** Resolves when the server should stop (Ctrl-C, SIGTERM); serve waits for it. */
  stopSignal?: () => Promise<void>
}

const COMMON = {
  data: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' }
} as const satisfies ParseArgsConfig['options']

function parse<O extends ParseArgsConfig['options']>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options: { ...COMMON, ...options }, allowPositionals: true })
  } catch (err) {
    throw new HubInputError((err as Error).message)
  }
}

function words(positionals: string[], count: number, shape: string): string[] {
  if (positionals.length !== count) throw new HubInputError(`usage: ${shape}`)
  return positionals
}

/** `--sync-every`: 90, 90s, 5m, 1h; `off` or 0 for no timer. */
function syncEvery(text: string): number {
  const m = /^(\d{1,6})(s|m|h)?$/.exec(text.trim())
  if (text.trim() === 'off') return 0
  if (!m)
    throw new HubInputError(
      `--sync-every ${text}: give seconds (60, 60s), minutes (5m), hours (1h) or off`
    )
  const unit = { s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 's' | 'm' | 'h']
  const ms = Number(m[1]) * unit
  if (ms !== 0 && ms < 5000) throw new HubInputError(`--sync-every ${text}: at least 5s`)
  return ms
}

function port(text: string): number {
  const n = Number(text)
  if (!/^\d+$/.test(text) || n > 65535) throw new HubInputError(`--port ${text}: 0 to 65535`)
  return n
}

const day = (d: Date | null): string => (d ? d.toISOString() : '-')

async function runHubCli(argv: string[], io: HubCliIo): Promise<number> {
  try {
    const [group, ...rest] = argv
    if (group === undefined || group === 'help' || group === '--help' || group === '-h') {
      io.out(HUB_USAGE)
      return group === undefined ? 2 : 0
    }
    return await runCommand(group, rest, io)
  } catch (err) {
    if (err instanceof HubInputError) {
      io.err(`hub: ${err.message}`)
      return 2
    }
    if (err instanceof HubDatabaseError) {
      io.err(`hub: ${err.message}`)
      return 1
    }
    io.err(`hub: ${(err as Error).stack ?? String(err)}`)
    return 1
  }
}

async function runCommand(group: string, argv: string[], io: HubCliIo): Promise<number> {
  const command = ['users', 'tokens'].includes(group) ? `${group} ${argv[0] ?? ''}`.trim() : group
  const args = ['users', 'tokens'].includes(group) ? argv.slice(1) : argv
  switch (command) {
    case 'serve':
      return serveCommand(args, io)
    case 'sync':
      return syncCommand(args, io)
    case 'migrate': {
      const { values } = parse(args, {})
      return withDb(values, io, async (hub) => {
        const applied = await migrateHubDatabase(hub.db)
        io.out(
          applied.length > 0
            ? `migrated ${hub.where}: ${applied.join(', ')}`
            : `${hub.where} is up to date`
        )
      })
    }
    case 'users add': {
      const { values, positionals } = parse(args, { role: { type: 'string' } })
      const [name] = words(positionals, 1, 'users add <name> --role <role>')
      if (values.role === undefined) {
        throw new HubInputError(`users add ${name}: give --role (${HUB_ROLES.join(', ')})`)
      }
      const role = parseRole(values.role)
      return withDb(values, io, async ({ db }) => {
        const user = await addUser(db, name, role)
        if (values.json) io.out(JSON.stringify(user))
        else io.out(`added ${user.name} (${user.role})`)
      })
    }
    case 'users list': {
      const { values, positionals } = parse(args, {})
      words(positionals, 0, 'users list')
      return withDb(values, io, async ({ db }) => {
        const users = await listUsers(db)
        if (values.json) return io.out(JSON.stringify(users))
        if (users.length === 0)
          return io.out('no users yet: npm run hub -- users add <name> --role admin')
        for (const u of users) {
          io.out(
            `${u.name}\t${u.role}\tadded ${day(u.created_at)}${u.disabled_at ? `\tdisabled ${day(u.disabled_at)}` : ''}`
          )
        }
      })
    }
    case 'users role': {
      const { values, positionals } = parse(args, {})
      const [name, roleText] = words(positionals, 2, 'users role <name> <role>')
      const role = parseRole(roleText)
      return withDb(values, io, async ({ db }) => {
        const user = await setUserRole(db, name, role)
        io.out(values.json ? JSON.stringify(user) : `${user.name} is now ${user.role}`)
      })
    }
    case 'users disable': {
      const { values, positionals } = parse(args, {})
      const [name] = words(positionals, 1, 'users disable <name>')
      return withDb(values, io, async ({ db }) => {
        const user = await disableUser(db, name)
        io.out(
          values.json
            ? JSON.stringify(user)
            : `${user.name} is disabled since ${day(user.disabled_at)}: their tokens no longer work`
        )
      })
    }
    case 'tokens create': {
      const { values, positionals } = parse(args, { label: { type: 'string' } })
      const [userName] = words(positionals, 1, 'tokens create <user> [--label L]')
      return withDb(values, io, async ({ db }) => {
        const created = await createToken(db, userName, values.label)
        if (values.json) return io.out(JSON.stringify(created))
        io.out(created.token)
        io.err(
          `token ${created.id} for ${created.user}: shown this once, only its hash is kept. ` +
            'Give it to them; they paste it into their team-hub profile.'
        )
      })
    }
    case 'tokens list': {
      const { values, positionals } = parse(args, {})
      if (positionals.length > 1) throw new HubInputError('usage: tokens list [<user>]')
      return withDb(values, io, async ({ db }) => {
        const tokens = await listTokens(db, positionals[0])
        if (values.json) return io.out(JSON.stringify(tokens))
        if (tokens.length === 0) return io.out('no tokens')
        for (const t of tokens) {
          const state = t.revoked_at
            ? `revoked ${day(t.revoked_at)}`
            : `last used ${day(t.last_used_at)}`
          io.out(`${t.id}\t${t.user}\t${t.label ?? '-'}\tmade ${day(t.created_at)}\t${state}`)
        }
      })
    }
    case 'tokens revoke': {
      const { values, positionals } = parse(args, {})
      const [idText] = words(positionals, 1, 'tokens revoke <id>')
      const id = parseTokenId(idText)
      return withDb(values, io, async ({ db }) => {
        const token = await revokeToken(db, id)
        io.out(
          values.json
            ? JSON.stringify(token)
            : `token ${token.id} of ${token.user} is revoked since ${day(token.revoked_at)}`
        )
      })
    }
    default:
      throw new HubInputError(`unknown command "${[group, ...argv].join(' ')}"\n${HUB_USAGE}`)
  }
}

async function openDb(values: { data?: string }, io: HubCliIo): Promise<HubDb> {
  const hub = await connectHubDatabase({
    databaseUrl: io.env.DATABASE_URL || undefined,
    dataDir: values.data
  })
  try {
    await migrateHubDatabase(hub.db)
  } catch (err) {
    await hub.close()
    throw err
  }
  return hub
}

async function withDb(
  values: { data?: string },
  io: HubCliIo,
  run: (hub: HubDb) => Promise<void>
): Promise<number> {
  const hub = await openDb(values, io)
  try {
    await run(hub)
    return 0
  } finally {
    await hub.close()
  }
}

/**
 * The upstreams the environment names and, with `--demo`, the embedded demo sandbox started on
 * a free loopback port as the test environment's service (its demo token stays in this process).
 */
async function upstreamsFor(
  io: HubCliIo,
  demo: boolean
): Promise<{ upstreams: HubUpstreams; stop(): Promise<void> }> {
  const upstreams = upstreamsFromEnv(io.env)
  if (!demo) return { upstreams, stop: async () => {} }
  if (upstreams.test) {
    throw new HubInputError(
      '--demo serves the demo sandbox as the test service: unset STAYDESK_HUB_TEST_URL, or leave out --demo'
    )
  }
  // The one place the hub reaches into src-main beyond its api/ (the ESLint fence): the demo is
  // the embedded sandbox, which stands for the service; loaded only when asked for.
  const { startSandbox, DEFAULT_SANDBOX_OPTIONS } = await import('../src-main/sandbox')
  const sandbox = await startSandbox({ log: (line) => io.err(`hub: demo sandbox: ${line}`) })
  const [caller] = DEFAULT_SANDBOX_OPTIONS.callers
  upstreams.test = createUpstream('test', {
    baseUrl: sandbox.url,
    token: caller.token,
    salesChannel: caller.channel
  })
  return { upstreams, stop: () => sandbox.close() }
}

async function closeUpstreams(upstreams: HubUpstreams): Promise<void> {
  await Promise.all(Object.values(upstreams).map((u) => u.client.close()))
}

async function syncCommand(args: string[], io: HubCliIo): Promise<number> {
  const { values, positionals } = parse(args, {
    env: { type: 'string' },
    full: { type: 'boolean' }
  })
  words(positionals, 0, 'sync [--env test|production] [--full]')
  if (values.env !== undefined && !isHubEnvironment(values.env)) {
    throw new HubInputError(`--env ${values.env}: give ${HUB_ENVIRONMENTS.join(' or ')}`)
  }
  const { upstreams } = await upstreamsFor(io, false)
  const chosen = Object.values(upstreams).filter((u) => !values.env || u.env === values.env)
  if (chosen.length === 0) {
    throw new HubInputError(
      values.env
        ? `no ${values.env} service is configured: set STAYDESK_HUB_${values.env.toUpperCase()}_URL and its token`
        : 'no service is configured: set STAYDESK_HUB_TEST_URL or STAYDESK_HUB_PRODUCTION_URL and its token'
    )
  }
  let failed = false
  try {
    await withDb(values, io, async (hub) => {
      for (const upstream of chosen) {
        const started = performance.now()
        const run = await runHubSync(hub, upstream, { full: values.full })
        const ms = Math.round(performance.now() - started)
        // As the timer's runs do (scheduler.ts): what the run wrote is packed for new desks'
        // snapshots now, not packed on the fly when the first desk asks.
        const packed = run === 'busy' ? 0 : (await packCatalog(hub.db, upstream.env)).packed
        if (values.json) {
          io.out(
            JSON.stringify({
              env: upstream.env,
              ms,
              ...(run === 'busy'
                ? { busy: true }
                : {
                    results: run.results,
                    errors: run.errors.map((e) => ({
                      resource: e.resource,
                      message: (e.error as Error).message
                    })),
                    packed
                  })
            })
          )
          failed ||= run !== 'busy' && run.errors.length > 0
          continue
        }
        if (run === 'busy') {
          io.out(`${upstream.env}: another process is syncing it now; nothing done`)
          continue
        }
        for (const r of run.results) {
          io.out(
            `${upstream.env} ${r.resource}: ${r.mode}, ${r.records} records in ${r.pages} pages, ` +
              `${r.changed} changed, ${r.quarantined} quarantined`
          )
        }
        for (const e of run.errors) {
          failed = true
          io.err(`hub: ${upstream.env} ${e.resource}: ${(e.error as Error).message}`)
        }
        io.out(`${upstream.env}: ${ms} ms; ${packed} records packed for new desks' snapshots`)
      }
    })
  } finally {
    await closeUpstreams(upstreams)
  }
  return failed ? 1 : 0
}

async function serveCommand(args: string[], io: HubCliIo): Promise<number> {
  const { values, positionals } = parse(args, {
    port: { type: 'string', default: '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    'sync-every': { type: 'string', default: '60s' },
    'trust-proxy': { type: 'boolean' },
    demo: { type: 'boolean' }
  })
  words(positionals, 0, 'serve [--port P] [--host H] [--sync-every 60s] [--trust-proxy] [--demo]')
  const listenPort = port(values.port)
  const everyMs = syncEvery(values['sync-every'])
  const { upstreams, stop: stopDemo } = await upstreamsFor(io, values.demo === true)
  const hub = await openDb(values, io).catch(async (err: unknown) => {
    await stopDemo()
    throw err
  })
  const log = createHubLog()
  let timer: { stop(): Promise<void> } | undefined
  try {
    const app = createHubApp({ db: hub.db, kind: hub.kind, log, upstreams }, [
      registerTeamRoutes,
      catalogRoutes({ trustProxy: values['trust-proxy'] === true })
    ])
    const served = await serveHub(app, { port: listenPort, host: values.host }).catch((err) => {
      throw new HubInputError(
        `cannot listen on ${values.host}:${listenPort}: ${(err as Error).message}`
      )
    })
    const url = `http://${values.host.includes(':') ? `[${values.host}]` : values.host}:${served.port}`
    log.info(
      {
        url,
        port: served.port,
        database: hub.kind,
        where: hub.where,
        // Where each environment's service is; never its token.
        services: Object.fromEntries(Object.values(upstreams).map((u) => [u.env, u.baseUrl]))
      },
      'listening'
    )
    if (everyMs > 0) timer = startSyncTimer({ hub, upstreams, everyMs, log })
    await (io.stopSignal ?? stopSignal)()
    log.info('stopping')
    await timer?.stop()
    await served.close()
    return 0
  } finally {
    await timer?.stop()
    await closeUpstreams(upstreams)
    await stopDemo()
    await hub.close()
  }
}

function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve())
    process.once('SIGTERM', () => resolve())
  })
}

const code = await runHubCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env
})
process.exitCode = code
