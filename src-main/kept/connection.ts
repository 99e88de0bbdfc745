import { existsSync } from 'node:fs'
import Database from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect, type Migration } from 'kysely'
import { executedMigrations } from '../db/executed-migrations'
import { AppError } from '../errors'
import { KeptDamagedError, KeptOpenError, KeptTooNewError } from './errors'
import { KEPT_MIGRATIONS, KEPT_MIGRATION_TABLES, KeptMigrationProvider } from './migrations/index'

export interface KeptOpenOptions {
  /** better-sqlite3 addon for Electron (src-main/db/native-binding.ts); undefined under Node. */
  nativeBinding?: string
  /** Migrations to apply (tests stop at migration N by passing a subset). */
  migrations?: Readonly<Record<string, Migration>>
}

/** SQLite's answers for a file that is not a database, or one whose pages don't hold together. */
const DAMAGED_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB'])

const isDamage = (err: unknown) =>
  DAMAGED_CODES.has(String((err as { code?: unknown } | null)?.code))

/**
 * Applies every known pending kept migration on `sqlite`, refusing a store migrated by a newer
 * StayDesk. The Kysely instance only runs the migrations and is not destroyed: that would close
 * the connection its caller goes on using.
 */
export async function migrateKept(
  sqlite: Database.Database,
  file: string,
  migrations: Readonly<Record<string, Migration>> = KEPT_MIGRATIONS
): Promise<void> {
  const unknown = executedMigrations(sqlite, KEPT_MIGRATION_TABLES.migrationTableName).filter(
    (name) => !(name in migrations)
  )
  if (unknown.length > 0) throw new KeptTooNewError(file, unknown[unknown.length - 1])
  const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) })
  const migrator = new Migrator({
    db: kysely,
    provider: new KeptMigrationProvider(migrations),
    ...KEPT_MIGRATION_TABLES
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName
    throw new KeptOpenError(file, error, failed ?? 'unknown')
  }
}

/**
 * Opens (or creates) a kept store file on a connection of its own: checks it, sets WAL, and
 * migrates it; the caller closes the connection or keeps it. WAL with synchronous=FULL, as the
 * journal: it is the only record of what it holds, and it is written once per reference set or
 * booking read, so a sync per commit never shows. A damaged file is refused and left untouched,
 * never moved aside and rebuilt as a mirror is.
 */
export async function openKeptDatabase(
  file: string,
  opts: KeptOpenOptions = {}
): Promise<Database.Database> {
  const existed = existsSync(file)
  let sqlite: Database.Database
  try {
    sqlite = new Database(file, { nativeBinding: opts.nativeBinding })
  } catch (err) {
    throw isDamage(err) ? new KeptDamagedError(file, String(err)) : new KeptOpenError(file, err)
  }
  try {
    if (existed) {
      const rows = sqlite.pragma('quick_check') as { quick_check: string }[]
      if (rows.length !== 1 || rows[0].quick_check !== 'ok') {
        throw new KeptDamagedError(file, rows.map((r) => r.quick_check).join('; '))
      }
    }
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('synchronous = FULL')
    sqlite.pragma('busy_timeout = 5000')
    await migrateKept(sqlite, file, opts.migrations)
  } catch (err) {
    sqlite.close()
    if (err instanceof AppError) throw err
    throw isDamage(err) ? new KeptDamagedError(file, String(err)) : new KeptOpenError(file, err)
  }
  return sqlite
}
