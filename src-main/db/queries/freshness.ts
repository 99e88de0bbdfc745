import type Database from 'better-sqlite3'

/**
 * Tells a read cache whether the data may have changed since it was filled. Commits through
 * this connection call bump(); commits through another connection (the sync runs in a worker
 * thread with its own connection) move SQLite's `PRAGMA data_version`, which is read per check
 * (a few microseconds) so a cache in the main process never serves a page older than the file.
 */
export class Freshness {
  private readonly versionStmt: Database.Statement<[], number>
  private local = 0

  constructor(db: Database.Database) {
    this.versionStmt = db.prepare<[], number>('PRAGMA data_version').pluck()
  }

  /** Called after every commit through this connection (data_version ignores those). */
  bump(): void {
    this.local++
  }

  /** An opaque stamp; a cache filled under one stamp is valid while stamp() returns it. */
  stamp(): string {
    return `${this.versionStmt.get()}:${this.local}`
  }
}
