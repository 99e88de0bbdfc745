import { parseArgs, type ParseArgsConfig } from 'node:util'
import { HUB_ROLES } from '@shared/domain/hub-roles'
import { connectHubDatabase, migrateHubDatabase, type HubDb } from './db/connect'
import { HubDatabaseError, HubInputError } from './errors'
import { createHubLog } from './log'
import { createHubApp, serveHub } from './server'
import { createToken, listTokens, parseTokenId, revokeToken } from './tokens'
import { addUser, disableUser, listUsers, parseRole, setUserRole } from './users'

/**
 * `npm run hub -- <command>`: serves the hub and manages its users and tokens. The database is
 * DATABASE_URL's PostgreSQL server when set, else the embedded one in `--data DIR`. Every
 * command migrates the database first, so a new folder or server works at once and an upgraded
 * hub upgrades its database at its first start. Exit codes: 0 done, 1 failure (the database
 * cannot be opened), 2 a mistake in the command (unknown role or user, a name taken, a bad option).
 */

const HUB_USAGE = `usage: npm run hub -- <command> [--data DIR] [--json]
  serve [--port 8787] [--host 127.0.0.1]   serve desks (Ctrl-C stops)
  migrate                                  bring the database up to date
  users add <name> --role <role>           roles: ${HUB_ROLES.join(', ')}
  users list
  users role <name> <role>
  users disable <name>                     their tokens stop working at once
  tokens create <user> [--label L]         prints the token once: give it to the user
  tokens list [<user>]
  tokens revoke <id>
The database: DATABASE_URL=postgres://… for a PostgreSQL server, else the embedded one in --data
(default: a staydesk-hub folder in your data folder).`

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

async function serveCommand(args: string[], io: HubCliIo): Promise<number> {
  const { values, positionals } = parse(args, {
    port: { type: 'string', default: '8787' },
    host: { type: 'string', default: '127.0.0.1' }
  })
  words(positionals, 0, 'serve [--port P] [--host H]')
  const listenPort = port(values.port)
  const hub = await openDb(values, io)
  const log = createHubLog()
  try {
    const app = createHubApp({ db: hub.db, kind: hub.kind, log })
    const served = await serveHub(app, { port: listenPort, host: values.host }).catch((err) => {
      throw new HubInputError(
        `cannot listen on ${values.host}:${listenPort}: ${(err as Error).message}`
      )
    })
    const url = `http://${values.host.includes(':') ? `[${values.host}]` : values.host}:${served.port}`
    log.info({ url, port: served.port, database: hub.kind, where: hub.where }, 'listening')
    await (io.stopSignal ?? stopSignal)()
    log.info('stopping')
    await served.close()
    return 0
  } finally {
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
