import type { Migration, MigrationProvider } from 'kysely'
import * as m0001 from './0001_listings_sync_state'
import * as m0002 from './0002_packed_calendars'
import * as m0003 from './0003_quarantine_history'
import * as m0004 from './0004_listing_json_any'
import * as m0005 from './0005_listing_pricing'
import * as m0006 from './0006_listing_places'
import * as m0007 from './0007_kept_bookings'
import * as m0008 from './0008_kept_references_images_prefs'
import * as m0009 from './0009_kept_store'

/**
 * Every migration the app knows, imported statically because a bundled Electron app cannot
 * readdir its own sources (Kysely's FileMigrationProvider). Names sort in apply order.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_listings_sync_state': m0001,
  '0002_packed_calendars': m0002,
  '0003_quarantine_history': m0003,
  '0004_listing_json_any': m0004,
  '0005_listing_pricing': m0005,
  '0006_listing_places': m0006,
  '0007_kept_bookings': m0007,
  '0008_kept_references_images_prefs': m0008,
  '0009_kept_store': m0009
}

export const LATEST_MIGRATION = Object.keys(MIGRATIONS).sort().at(-1)!

/** A provider over a fixed record; tests pass a subset to stop at migration N. */
export class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly migrations: Readonly<Record<string, Migration>> = MIGRATIONS) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return { ...this.migrations }
  }
}
