import { mkdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { Kysely, Migrator, PostgresDialect, sql, type Dialect, type Migration } from 'kysely'
import { HubDatabaseError, HubInputError } from '../errors'
import { lockDataDir } from './data-lock'
import { HUB_MIGRATIONS, HubMigrationProvider } from './migrations/index'
import type { HubDatabase } from './schema'

export type HubDatabaseKind = 'embedded' | 'postgres'

export interface HubDb {
  readonly db: Kysely<HubDatabase>
  readonly kind: HubDatabaseKind
  /** Where the data is, for messages: the folder, or the server's URL without its password. */
  readonly where: string
  close(): Promise<void>
}

interface ConnectOptions {
  /** `postgres://…` or `postgresql://…`: a PostgreSQL server. Otherwise the embedded PGlite. */
  databaseUrl?: string
  /** The embedded database's folder (defaultHubDataDir() when not given). */
  dataDir?: string
  /** Connections to a server at most (pg.Pool's max). */
  poolSize?: number
}

/**
 * Where the embedded database lives when `--data` is not given: a `staydesk-hub` folder in the
 * user's data folder (XDG_DATA_HOME, ~/.local/share on Linux; Application Support on macOS;
 * LOCALAPPDATA on Windows). Not the desktop's folder: the hub is a service of its own, often on
 * another machine, and its data is not a desk's. STAYDESK_HUB_DATA overrides it.
 */
function defaultHubDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir()
): string {
  if (env.STAYDESK_HUB_DATA) return env.STAYDESK_HUB_DATA
  if (platform === 'win32') {
    return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'staydesk-hub')
  }
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'staydesk-hub')
  return join(env.XDG_DATA_HOME ?? join(home, '.local', 'share'), 'staydesk-hub')
}

/** The URL as it may be shown: its password replaced. */
function shownUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'the DATABASE_URL given'
  }
}

function checkDatabaseUrl(url: string): void {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new HubInputError('DATABASE_URL: not a URL; give postgres://user:password@host:5432/db')
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new HubInputError(
      `DATABASE_URL: ${parsed.protocol}// is not PostgreSQL; give postgres://user:password@host:5432/db`
    )
  }
}

/**
 * Opens the hub's database: the PostgreSQL server named by `databaseUrl` through pg.Pool and
 * Kysely's own PostgresDialect, else the embedded PGlite in its folder (made when missing,
 * locked for this process). Drivers are loaded here, so a hub on a server never loads the WASM
 * build and the embedded one never loads pg. The first query is made before returning, so a
 * server that cannot be reached is said now, with its address, not at the first request.
 */
export async function connectHubDatabase(opts: ConnectOptions = {}): Promise<HubDb> {
  if (opts.databaseUrl) return connectServer(opts.databaseUrl, opts.poolSize ?? 10)
  return connectEmbedded(resolve(opts.dataDir ?? defaultHubDataDir()))
}

async function connectServer(url: string, poolSize: number): Promise<HubDb> {
  checkDatabaseUrl(url)
  const { default: pg } = await import('pg')
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
  // An idle connection the server drops (restart, network) is an error on the pool: without a
  // listener it would end the process; the next query opens a new connection.
  pool.on('error', () => {})
  // A connection in use when the server goes away emits its error on the client, which has no
  // listener while checked out: the query in flight is rejected anyway, so the event is dropped.
  pool.on('connect', (client) => client.on('error', () => {}))
  const where = shownUrl(url)
  const db = new Kysely<HubDatabase>({ dialect: new PostgresDialect({ pool }) })
  await probe(db, `the PostgreSQL server at ${where}`)
  return { db, kind: 'postgres', where, close: () => db.destroy() }
}

async function connectEmbedded(dir: string): Promise<HubDb> {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
  } catch (err) {
    throw new HubDatabaseError(`The hub's data folder ${dir} cannot be made: ${String(err)}`)
  }
  const release = lockDataDir(dir)
  let db: Kysely<HubDatabase>
  try {
    const [{ PGlite }, { PGliteDialect }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('kysely-pglite-dialect')
    ])
    const pglite = await PGlite.create(dir)
    db = new Kysely<HubDatabase>({ dialect: new PGliteDialect(pglite) as Dialect })
  } catch (err) {
    release()
    throw new HubDatabaseError(`The hub's embedded database in ${dir} cannot be opened`, {
      cause: err
    })
  }
  try {
    await probe(db, `the embedded database in ${dir}`)
  } catch (err) {
    await db.destroy()
    release()
    throw err
  }
  return {
    db,
    kind: 'embedded',
    where: dir,
    close: async () => {
      try {
        await db.destroy()
      } finally {
        release()
      }
    }
  }
}

async function probe(db: Kysely<HubDatabase>, what: string): Promise<void> {
  try {
    await sql`SELECT 1`.execute(db)
  } catch (err) {
    await db.destroy().catch(() => {})
    throw new HubDatabaseError(`The hub cannot reach ${what}: ${(err as Error).message}`, {
      cause: err
    })
  }
}

/**
 * Applies every pending migration, each in its own transaction under PostgreSQL's advisory
 * lock (Kysely's Migrator on a Postgres dialect), so two hubs starting together on one server
 * migrate once. A database migrated by a newer hub is refused, not run on.
 */
export async function migrateHubDatabase(
  db: Kysely<HubDatabase>,
  migrations: Readonly<Record<string, Migration>> = HUB_MIGRATIONS
): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new HubMigrationProvider(migrations) })
  const newer = await executedUnknown(db, migrations)
  if (newer.length > 0) {
    throw new HubDatabaseError(
      `The hub's database was migrated by a newer StayDesk Hub (migration ${newer.at(-1)}): ` +
        'run that version, or restore a backup taken before it'
    )
  }
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown'
    throw new HubDatabaseError(`The hub's database could not be migrated (${failed})`, {
      cause: error
    })
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

async function executedUnknown(
  db: Kysely<HubDatabase>,
  migrations: Readonly<Record<string, Migration>>
): Promise<string[]> {
  const table = await sql<{ name: string | null }>`SELECT to_regclass('kysely_migration') AS name`
    .execute(db)
    .then((r) => r.rows[0]?.name)
  if (!table) return []
  const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(
    db
  )
  return rows.rows.map((r) => r.name).filter((name) => !(name in migrations))
}
