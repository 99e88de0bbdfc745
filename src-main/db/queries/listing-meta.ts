import type Database from 'better-sqlite3'
import type { Freshness } from './freshness'

/** What the availability search needs of each listing besides its calendar. */
export interface ListingMeta {
  name: string
  active: number | null
  maxGuest: number | null
  advanceNotice: number | null
}

/**
 * Name, active flag, capacity and notice of every listing, kept in memory so the availability
 * search scans the availability table alone instead of joining 10,000 listing rows (whose pages
 * also hold the listing JSON) on every query. About 100 bytes a listing; refilled with one
 * narrow SELECT after any commit (see Freshness).
 */
export class ListingMetaCache {
  private map = new Map<number, ListingMeta>()
  private stamp: string | undefined
  private readonly stmt: Database.Statement<
    [],
    [number, string, number | null, number | null, number | null]
  >

  constructor(
    db: Database.Database,
    private readonly freshness: Freshness
  ) {
    this.stmt = db
      .prepare<[], [number, string, number | null, number | null, number | null]>(
        'SELECT id, name, active, max_guest, advance_notice FROM listings'
      )
      .raw()
  }

  all(): ReadonlyMap<number, ListingMeta> {
    const stamp = this.freshness.stamp()
    if (stamp !== this.stamp) {
      const map = new Map<number, ListingMeta>()
      for (const [id, name, active, maxGuest, advanceNotice] of this.stmt.all()) {
        map.set(id, { name, active, maxGuest, advanceNotice })
      }
      this.map = map
      this.stamp = stamp
    }
    return this.map
  }
}
