import { existsSync } from 'node:fs'
import Database from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect, type Migration } from 'kysely'
import { AppError } from '../errors'
import { JournalDamagedError, JournalOpenError, JournalTooNewError } from './errors'
import { JOURNAL_MIGRATIONS, JournalMigrationProvider } from './migrations/index'

export interface JournalOpenOptions {
  /** better-sqlite3 addon for Electron (src-main/db/native-binding.ts); undefined under Node. */
  nativeBinding?: string
  /** Migrations to apply (tests stop at migration N by passing a subset). */
  migrations?: Readonly<Record<string, Migration>>
}

/** SQLite's answers for a file that is not a database, or one whose pages don't hold together. */
const DAMAGED_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB'])

function sqliteCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/**
 * Pragmas set on every open. WAL with synchronous=FULL, not the mirror's NORMAL: under NORMAL a
 * commit is durable only once the WAL is checkpointed, so power lost just after a write was
 * recorded could take the record with it while the service kept the booking, and the journal
 * exists to say what was done. FULL syncs the WAL on every commit; a journal commits once or
 * twice per write the person makes, so the cost (one fsync each) never shows. Foreign keys and
 * the busy timeout are as everywhere (reliability checklist D1).
 */
function applyPragmas(sqlite: Database.Database): void {
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = FULL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
}

/** Throws JournalDamagedError unless quick_check says ok; reads only, so nothing is changed. */
function checkHealthy(sqlite: Database.Database, file: string): void {
  let rows: { quick_check: string }[]
  try {
    rows = sqlite.pragma('quick_check') as { quick_check: string }[]
  } catch (err) {
    throw new JournalDamagedError(file, String(err))
  }
  if (rows.length !== 1 || rows[0].quick_check !== 'ok') {
    throw new JournalDamagedError(file, rows.map((r) => r.quick_check).join('; '))
  }
}

function executedMigrations(sqlite: Database.Database): string[] {
  const table = sqlite
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'`)
    .get()
  if (!table) return []
  return sqlite.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all() as string[]
}

/**
 * Applies every known pending migration, each in its own transaction (see migrations/*). The
 * Kysely instance only runs the migrations: it is not destroyed, because that would close the
 * connection the journal goes on using synchronously (Kysely's SqliteDialect notes that it need
 * not be destroyed when it is not the connection's only user).
 */
async function migrate(
  sqlite: Database.Database,
  file: string,
  migrations: Readonly<Record<string, Migration>>
): Promise<void> {
  const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) })
  const migrator = new Migrator({ db: kysely, provider: new JournalMigrationProvider(migrations) })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName
    throw new JournalOpenError(file, error, failed ?? 'unknown')
  }
}

/**
 * Opens (or creates) a journal file: checks it, sets the pragmas, refuses a file migrated by a
 * newer StayDesk, and migrates it. A damaged file is refused and left untouched, never moved
 * aside and rebuilt as a mirror is: it is the only record of the writes made.
 */
export async function openJournalDatabase(
  file: string,
  opts: JournalOpenOptions = {}
): Promise<Database.Database> {
  const known = opts.migrations ?? JOURNAL_MIGRATIONS
  const existed = file !== ':memory:' && existsSync(file)
  let sqlite: Database.Database
  try {
    sqlite = new Database(file, { nativeBinding: opts.nativeBinding })
  } catch (err) {
    throw DAMAGED_CODES.has(sqliteCode(err) ?? '')
      ? new JournalDamagedError(file, String(err))
      : new JournalOpenError(file, err)
  }
  try {
    if (existed) checkHealthy(sqlite, file)
    applyPragmas(sqlite)
    const unknown = executedMigrations(sqlite).filter((name) => !(name in known))
    if (unknown.length > 0) throw new JournalTooNewError(file, unknown[unknown.length - 1])
    await migrate(sqlite, file, known)
  } catch (err) {
    sqlite.close()
    if (err instanceof AppError) throw err
    throw DAMAGED_CODES.has(sqliteCode(err) ?? '')
      ? new JournalDamagedError(file, String(err))
      : new JournalOpenError(file, err)
  }
  return sqlite
}
