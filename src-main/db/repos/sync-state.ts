import type Database from 'better-sqlite3'
import type { AppErrorCode } from '@shared/errors'

import type { SyncResourceName } from '@shared/ipc/sync.schema'

/** Where a resource's sync stands; stored as JSON in the same transaction as its page's data. */
export interface SyncCursor {
  phase: 'full' | 'delta'
  /** Server time (unix s) when the current full sync started: the first delta's `since`. */
  fullStartedAt?: number
  /** Next page of the running walk; null when the walk is complete. */
  nextUrl?: string | null
  /** Delta watermark (unix s, from the server's clock). */
  deltaSince?: number
  lastSuccessAt?: number
  lastError?: { code: AppErrorCode; message: string; at: number } | null
  pagesDone?: number
  recordsDone?: number
}

export class SyncStateRepo {
  private readonly getStmt: Database.Statement<[string], string>
  private readonly setStmt: Database.Statement<[string, string, number]>

  constructor(db: Database.Database) {
    this.getStmt = db
      .prepare<[string], string>('SELECT cursor FROM sync_state WHERE resource = ?')
      .pluck()
    this.setStmt = db.prepare(
      `INSERT INTO sync_state (resource, cursor, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (resource) DO UPDATE SET cursor = excluded.cursor, updated_at = excluded.updated_at`
    )
  }

  get(resource: SyncResourceName): SyncCursor | undefined {
    const json = this.getStmt.get(resource)
    return json === undefined ? undefined : (JSON.parse(json) as SyncCursor)
  }

  set(resource: SyncResourceName, cursor: SyncCursor, now: number): void {
    this.setStmt.run(resource, JSON.stringify(cursor), now)
  }
}
