import type Database from 'better-sqlite3'
import type { Selectable } from 'kysely'
import type { KeptReference, ReferenceInput } from '@shared/ipc/references.schema'
import type { ListingImagesTable, ListingReferencesTable } from '../schema'

/**
 * What the property manager's desk keeps per profile: the references this profile set (in the
 * kept store beside the mirror, src-main/kept, which a rebuild of the mirror never touches:
 * the service can't give them back), and in the mirror itself the listing images fetched for
 * offline viewing and small screen settings. `listing_references` is named unqualified: the
 * mirror has no such table since 0009, so SQLite finds the attached kept store's.
 */

type ReferenceRow = Selectable<ListingReferencesTable>

function toKept(r: ReferenceRow): KeptReference {
  return {
    listingId: r.listing_id,
    reference: r.reference,
    url: r.url,
    status: r.status as KeptReference['status'],
    setAt: r.set_at
  }
}

export interface KeptImage {
  url: string
  contentType: string
  bytes: Uint8Array
  fetchedAt: number
}

export class KeptExtrasRepo {
  private readonly referenceStmt: Database.Statement<[number], ReferenceRow>
  private readonly allReferencesStmt: Database.Statement<[], ReferenceRow>
  private readonly setReferenceStmt: Database.Statement
  private readonly imageStmt: Database.Statement<
    [number, number],
    Pick<Selectable<ListingImagesTable>, 'url' | 'content_type' | 'bytes' | 'fetched_at'>
  >
  private readonly setImageStmt: Database.Statement
  private readonly prefStmt: Database.Statement<[string], string>
  private readonly setPrefStmt: Database.Statement

  constructor(private readonly db: Database.Database) {
    this.referenceStmt = db.prepare('SELECT * FROM listing_references WHERE listing_id = ?')
    this.allReferencesStmt = db.prepare('SELECT * FROM listing_references ORDER BY listing_id')
    // A value not given in a later set is kept as it was: the service keeps it too.
    this.setReferenceStmt = db.prepare(
      `INSERT INTO listing_references (listing_id, reference, url, status, set_at)
       VALUES (@listingId, @reference, @url, @status, @setAt)
       ON CONFLICT (listing_id) DO UPDATE SET reference = excluded.reference,
         url = coalesce(excluded.url, url), status = coalesce(excluded.status, status),
         set_at = excluded.set_at`
    )
    this.imageStmt = db.prepare(
      'SELECT url, content_type, bytes, fetched_at FROM listing_images WHERE listing_id = ? AND idx = ?'
    )
    this.setImageStmt = db.prepare(
      `INSERT INTO listing_images (listing_id, idx, url, content_type, bytes, fetched_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (listing_id, idx) DO UPDATE SET url = excluded.url,
         content_type = excluded.content_type, bytes = excluded.bytes,
         fetched_at = excluded.fetched_at`
    )
    this.prefStmt = db.prepare<[string], string>('SELECT value FROM prefs WHERE key = ?').pluck()
    this.setPrefStmt = db.prepare(
      `INSERT INTO prefs (key, value, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`
    )
  }

  reference(listingId: number): KeptReference | undefined {
    const row = this.referenceStmt.get(listingId)
    return row && toKept(row)
  }

  references(): KeptReference[] {
    return this.allReferencesStmt.all().map(toKept)
  }

  /** Keeps what the service accepted, all rows in one transaction. */
  keepReferences(refs: readonly ReferenceInput[], setAt: number): void {
    this.db.transaction(() => {
      for (const r of refs) {
        this.setReferenceStmt.run({
          listingId: r.listingId,
          reference: r.reference,
          url: r.url ?? null,
          status: r.status ?? null,
          setAt
        })
      }
    })()
  }

  image(listingId: number, idx: number): KeptImage | undefined {
    const row = this.imageStmt.get(listingId, idx)
    return (
      row && {
        url: row.url,
        contentType: row.content_type,
        bytes: row.bytes,
        fetchedAt: row.fetched_at
      }
    )
  }

  keepImage(listingId: number, idx: number, image: KeptImage): void {
    this.setImageStmt.run(
      listingId,
      idx,
      image.url,
      image.contentType,
      image.bytes,
      image.fetchedAt
    )
  }

  /** When each of the listing's records last changed in the copy (null: none kept). */
  seenAt(listingId: number): {
    listings: number | null
    availability: number | null
    rates: number | null
  } {
    const one = (table: string, column: string) =>
      (this.db
        .prepare(`SELECT seen_at FROM ${table} WHERE ${column} = ?`)
        .pluck()
        .get(listingId) as number | undefined) ?? null
    return {
      listings: one('listings', 'id'),
      availability: one('availability', 'listing_id'),
      rates: one('rates', 'listing_id')
    }
  }

  pref(key: string): unknown {
    const text = this.prefStmt.get(key)
    return text === undefined ? null : JSON.parse(text)
  }

  setPref(key: string, value: unknown, at: number): void {
    this.setPrefStmt.run(key, JSON.stringify(value), at)
  }
}
