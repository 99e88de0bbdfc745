import type Database from 'better-sqlite3'

/**
 * The migrations a file records as applied, in name order; none for a new file. Read before
 * migrating, so a file migrated by a newer StayDesk is refused rather than written to.
 */
export function executedMigrations(
  sqlite: Database.Database,
  table = 'kysely_migration'
): string[] {
  const exists = sqlite
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`)
    .get(table)
  if (!exists) return []
  return sqlite.prepare(`SELECT name FROM ${table} ORDER BY name`).pluck().all() as string[]
}
