import type { Migration, MigrationProvider } from 'kysely'
import * as m0001 from './0001_users_tokens'
import * as m0002 from './0002_catalog'
import * as m0003 from './0003_journal'
import * as m0004 from './0004_catalog_text'
import * as m0005 from './0005_catalog_packed'
import * as m0006 from './0006_listing_packed'

/**
 * Every migration of the hub's database, one set for the PostgreSQL server and the embedded
 * PGlite. Imported statically, as the desktop's are (src-main/db/migrations), so that a bundled
 * hub needs no readdir of its sources. Names sort in apply order.
 */
export const HUB_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_users_tokens': m0001,
  '0002_catalog': m0002,
  '0003_journal': m0003,
  '0004_catalog_text': m0004,
  '0005_catalog_packed': m0005,
  '0006_listing_packed': m0006
}

/** A provider over a fixed record; tests pass a subset to stop at migration N. */
export class HubMigrationProvider implements MigrationProvider {
  constructor(private readonly migrations: Readonly<Record<string, Migration>> = HUB_MIGRATIONS) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return { ...this.migrations }
  }
}
