import type { Migration, MigrationProvider } from 'kysely'
import * as m0001 from './0001_kept_references_bookings'
import * as m0002 from './0002_watch_alerts'

/**
 * Every migration of the kept store, apart from the mirror's (src-main/db/migrations): it is a
 * file of its own. Imported statically because a bundled Electron app cannot readdir its own
 * sources. Names sort in apply order.
 */
export const KEPT_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_kept_references_bookings': m0001,
  '0002_watch_alerts': m0002
}

/**
 * Kysely's bookkeeping tables under names of their own: a mirror in memory holds its kept
 * tables in its own database, beside the mirror's `kysely_migration`.
 */
export const KEPT_MIGRATION_TABLES = {
  migrationTableName: 'kept_migration',
  migrationLockTableName: 'kept_migration_lock'
} as const

/** A provider over a fixed record; tests pass a subset to stop at migration N. */
export class KeptMigrationProvider implements MigrationProvider {
  constructor(private readonly migrations: Readonly<Record<string, Migration>> = KEPT_MIGRATIONS) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return { ...this.migrations }
  }
}
