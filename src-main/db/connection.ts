import { existsSync, renameSync } from 'node:fs'
import Database from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect, type Migration } from 'kysely'
import { keptFileBeside, migrateKept, openKeptDatabase } from '../kept'
import { MirrorMigrationError, MirrorTooNewError } from './errors'
import { executedMigrations } from './executed-migrations'
import { MIGRATIONS, StaticMigrationProvider } from './migrations/index'
import type { MirrorDatabase } from './schema'

export interface OpenOptions {
  /** better-sqlite3 addon for Electron (native-binding.ts); undefined under Node. */
  nativeBinding?: string
  /** Clock for the corrupt-file suffix; injectable for tests. */
  now?: () => number
  /** Migrations to apply (tests stop at migration N by passing a subset). */
  migrations?: Readonly<Record<string, Migration>>
  /**
   * The kept store's file (kept references and bookings); beside the mirror unless given
   * (src-main/kept/files.ts). A mirror in memory keeps them in its own database.
   */
  keptFile?: string
}

export interface OpenedDatabase {
  sqlite: Database.Database
  kysely: Kysely<MirrorDatabase>
  recoveredFromCorruption: boolean
  /** Where the corrupt file went, when it was moved aside. */
  movedAsideTo?: string
  /** The kept store attached as `kept`, or ':memory:' when its tables are the mirror's own. */
  keptFile: string
}

/** Pragmas set on every open (reliability checklist D1). */
function applyPragmas(sqlite: Database.Database): void {
  // A packed calendar row is 2 to 2.5 KB, so a 4 KB page holds one and wastes ~45% of the
  // file; 16 KB pages hold six or seven. Only takes effect while the file is still empty
  // (before the first table and before WAL is on); an existing file keeps its page size.
  sqlite.pragma('page_size = 16384')
  // WAL + NORMAL: never corrupt, and a commit lost to power loss takes its cursor with it
  // because both live in the same transaction, so the next sync simply re-fetches.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // A 64 MB page cache halves the offline availability search (performance-notes.md).
  sqlite.pragma('cache_size = -65536')
  // Reads through a memory map: a search scans every calendar row, and past the page cache
  // (20,000 listings' calendars and rates exceed 64 MB) each page was copied in by a read()
  // call and evicted again, which made the scan grow faster than the portfolio. The map costs
  // address space, not heap; the OS keeps the pages it can.
  sqlite.pragma('mmap_size = 1073741824')
}

function isHealthy(file: string, nativeBinding: string | undefined): boolean {
  let db: Database.Database | undefined
  try {
    db = new Database(file, { nativeBinding, fileMustExist: true })
    const rows = db.pragma('quick_check') as { quick_check: string }[]
    return rows.length === 1 && rows[0].quick_check === 'ok'
  } catch {
    return false
  } finally {
    db?.close()
  }
}

/**
 * Moves a corrupt file and its WAL/SHM aside together (they only make sense as a set), so a
 * fresh mirror can be built by a full sync while the old bytes stay available for support.
 */
function moveAside(file: string, stamp: number): string {
  const target = `${file}.corrupt-${stamp}`
  renameSync(file, target)
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix)
  }
  return target
}

/** Applies every known pending migration, each in its own transaction (see migrations/*). */
async function migrate(
  kysely: Kysely<MirrorDatabase>,
  migrations: Readonly<Record<string, Migration>> = MIGRATIONS
): Promise<void> {
  const migrator = new Migrator({ db: kysely, provider: new StaticMigrationProvider(migrations) })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName
    throw new MirrorMigrationError(failed, error)
  }
}

/**
 * Attaches the kept store as the schema `kept`. Its tables (`bookings`, `listing_references`)
 * are no longer in the mirror (0009), so the statements naming them unqualified, and the joins
 * of kept bookings with the mirror's listings, reach the kept file: SQLite looks a name up in
 * `main` first, then in the attached databases. Each file keeps its own commit, so a write to
 * the kept store never waits on the mirror's, and FULL makes each such commit durable.
 */
function attachKept(sqlite: Database.Database, keptFile: string): void {
  sqlite.prepare('ATTACH DATABASE ? AS kept').run(keptFile)
  sqlite.pragma('kept.synchronous = FULL')
}

/**
 * Opens (or creates) a mirror file: checks it, moves a corrupt one aside, opens the kept store
 * beside it (never moved or rebuilt: see src-main/kept), sets the pragmas, refuses a file
 * migrated by a newer app, attaches the kept store and migrates the mirror to the latest schema
 * (0009 copies kept rows an older mirror still holds into the kept store, once).
 */
export async function openDatabase(file: string, opts: OpenOptions = {}): Promise<OpenedDatabase> {
  const now = opts.now ?? Date.now
  const known = opts.migrations ?? MIGRATIONS
  const inMemory = file === ':memory:'
  const keptFile = inMemory ? file : (opts.keptFile ?? keptFileBeside(file))
  let movedAsideTo: string | undefined
  if (!inMemory && existsSync(file) && !isHealthy(file, opts.nativeBinding)) {
    movedAsideTo = moveAside(file, now())
  }
  if (!inMemory) (await openKeptDatabase(keptFile, { nativeBinding: opts.nativeBinding })).close()
  const sqlite = new Database(file, { nativeBinding: opts.nativeBinding })
  try {
    applyPragmas(sqlite)
    const unknown = executedMigrations(sqlite).filter((name) => !(name in known))
    if (unknown.length > 0) throw new MirrorTooNewError(unknown[unknown.length - 1])
    if (!inMemory) attachKept(sqlite, keptFile)
  } catch (err) {
    sqlite.close()
    throw err
  }
  const kysely = new Kysely<MirrorDatabase>({ dialect: new SqliteDialect({ database: sqlite }) })
  try {
    await migrate(kysely, known)
    // In memory there is nothing to survive a rebuild: the kept tables are the mirror's own.
    if (inMemory) await migrateKept(sqlite, file)
  } catch (err) {
    await kysely.destroy()
    throw err
  }
  return {
    sqlite,
    kysely,
    recoveredFromCorruption: movedAsideTo !== undefined,
    movedAsideTo,
    keptFile
  }
}
