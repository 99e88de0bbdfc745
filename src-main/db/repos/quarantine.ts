import type Database from 'better-sqlite3'
import type { SyncResourceName } from '@shared/ipc/sync.schema'

/** A record that failed validation: zod path and code only, raw JSON already redacted. */
export interface QuarantineInput {
  recordId?: string
  path: string
  code: string
  raw: string
}

export interface QuarantineEntry extends QuarantineInput {
  resource: SyncResourceName
  firstSeen: number
  lastSeen: number
  count: number
}

export interface QuarantineStats {
  /** Rows held now. */
  held: number
  /** Records ever quarantined (each arrival counts). */
  total: number
  /** Rows dropped by the cap, oldest first. */
  evicted: number
  /** Rows removed because the record later arrived valid. */
  cleared: number
}

/** Raw JSON is capped so one huge bad record cannot bloat the file (checklist 6, V8). */
const RAW_CAP = 64 * 1024
export const DEFAULT_QUARANTINE_CAP = 10_000

export class QuarantineRepo {
  private readonly upsertStmt: Database.Statement
  private readonly insertStmt: Database.Statement
  private readonly clearStmt: Database.Statement<[string, string]>
  private readonly countStmt: Database.Statement<[], number>
  private readonly bumpStmt: Database.Statement

  constructor(
    private readonly db: Database.Database,
    private readonly cap: number = DEFAULT_QUARANTINE_CAP
  ) {
    this.upsertStmt = db.prepare(
      `INSERT INTO quarantine (resource, record_id, path, code, raw, first_seen, last_seen)
       VALUES (@resource, @recordId, @path, @code, @raw, @seenAt, @seenAt)
       ON CONFLICT (resource, record_id) WHERE record_id IS NOT NULL DO UPDATE SET
         path = excluded.path, code = excluded.code, raw = excluded.raw,
         last_seen = excluded.last_seen, count = count + 1`
    )
    this.insertStmt = db.prepare(
      `INSERT INTO quarantine (resource, record_id, path, code, raw, first_seen, last_seen)
       VALUES (@resource, NULL, @path, @code, @raw, @seenAt, @seenAt)`
    )
    this.clearStmt = db.prepare('DELETE FROM quarantine WHERE resource = ? AND record_id = ?')
    this.countStmt = db.prepare<[], number>('SELECT count(*) FROM quarantine').pluck()
    this.bumpStmt = db.prepare(
      `INSERT INTO quarantine_counters (resource, total, evicted, cleared)
       VALUES (@resource, @total, @evicted, @cleared)
       ON CONFLICT (resource) DO UPDATE SET total = total + excluded.total,
         evicted = evicted + excluded.evicted, cleared = cleared + excluded.cleared`
    )
  }

  add(resource: SyncResourceName, items: readonly QuarantineInput[], seenAt: number): void {
    if (items.length === 0) return
    for (const item of items) {
      const row = {
        resource,
        path: item.path,
        code: item.code,
        raw: item.raw.slice(0, RAW_CAP),
        seenAt
      }
      if (item.recordId === undefined) this.insertStmt.run(row)
      else this.upsertStmt.run({ ...row, recordId: item.recordId })
    }
    this.bumpStmt.run({ resource, total: items.length, evicted: 0, cleared: 0 })
    this.evictOverCap()
  }

  /** A record that arrived valid is no longer quarantined. */
  clear(resource: SyncResourceName, recordId: string): void {
    if (this.clearStmt.run(resource, recordId).changes > 0) {
      this.bumpStmt.run({ resource, total: 0, evicted: 0, cleared: 1 })
    }
  }

  private evictOverCap(): void {
    const excess = this.countStmt.get()! - this.cap
    if (excess <= 0) return
    const victims = this.db
      .prepare(`SELECT id, resource FROM quarantine ORDER BY last_seen, id LIMIT ?`)
      .all(excess) as { id: number; resource: SyncResourceName }[]
    const del = this.db.prepare('DELETE FROM quarantine WHERE id = ?')
    const perResource = new Map<SyncResourceName, number>()
    for (const v of victims) {
      del.run(v.id)
      perResource.set(v.resource, (perResource.get(v.resource) ?? 0) + 1)
    }
    for (const [resource, evicted] of perResource) {
      this.bumpStmt.run({ resource, total: 0, evicted, cleared: 0 })
    }
  }

  held(): Record<SyncResourceName, number> {
    const out: Record<SyncResourceName, number> = { listings: 0, availability: 0, rates: 0 }
    const rows = this.db
      .prepare('SELECT resource, count(*) AS n FROM quarantine GROUP BY resource')
      .all() as { resource: SyncResourceName; n: number }[]
    for (const r of rows) out[r.resource] = r.n
    return out
  }

  stats(resource: SyncResourceName): QuarantineStats {
    const counters = this.db
      .prepare('SELECT total, evicted, cleared FROM quarantine_counters WHERE resource = ?')
      .get(resource) as { total: number; evicted: number; cleared: number } | undefined
    return {
      held: this.held()[resource],
      total: counters?.total ?? 0,
      evicted: counters?.evicted ?? 0,
      cleared: counters?.cleared ?? 0
    }
  }

  list(resource?: SyncResourceName, limit = 500): QuarantineEntry[] {
    const rows = this.db
      .prepare(
        `SELECT resource, record_id, path, code, raw, first_seen, last_seen, count FROM quarantine
         ${resource ? 'WHERE resource = ?' : ''} ORDER BY last_seen DESC, id DESC LIMIT ?`
      )
      .all(...(resource ? [resource, limit] : [limit])) as {
      resource: SyncResourceName
      record_id: string | null
      path: string
      code: string
      raw: string
      first_seen: number
      last_seen: number
      count: number
    }[]
    return rows.map((r) => ({
      resource: r.resource,
      ...(r.record_id === null ? {} : { recordId: r.record_id }),
      path: r.path,
      code: r.code,
      raw: r.raw,
      firstSeen: r.first_seen,
      lastSeen: r.last_seen,
      count: r.count
    }))
  }
}
