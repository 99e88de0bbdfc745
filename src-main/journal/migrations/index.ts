import type { Migration, MigrationProvider } from 'kysely'
import * as m0001 from './0001_journal'
import * as m0002 from './0002_settlements'

/**
 * Every migration of the audit journal, apart from the mirror's (src-main/db/migrations): the
 * journal is a file of its own. Imported statically because a bundled Electron app cannot readdir
 * its own sources (Kysely's FileMigrationProvider). Names sort in apply order.
 */
export const JOURNAL_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_journal': m0001,
  '0002_settlements': m0002
}

export const LATEST_JOURNAL_MIGRATION = Object.keys(JOURNAL_MIGRATIONS).sort().at(-1)!

/** A provider over a fixed record; tests pass a subset to stop at migration N. */
export class JournalMigrationProvider implements MigrationProvider {
  constructor(
    private readonly migrations: Readonly<Record<string, Migration>> = JOURNAL_MIGRATIONS
  ) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return { ...this.migrations }
  }
}
