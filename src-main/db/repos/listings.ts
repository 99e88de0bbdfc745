import type Database from 'better-sqlite3'
import type { Listing } from '@shared/api/listing.schema'
import { bedroomCount, listingName, listingPlaces, placeKeys } from '@shared/domain/listing-display'
import { changedFields } from '../json'
import {
  packedAs,
  packJson,
  pricingJson,
  sameStored,
  unpackJson,
  type StoredJson
} from '../listing-json'
import type { ListingRow } from '../schema'
import type { HistoryChange } from './history'

/** What the text filter matches: id, reference, every headline and the city (any language). */
function searchText(listing: Listing): string {
  const parts = [String(listing.id), listing.referenceNumber ?? '']
  for (const d of Object.values(listing.description ?? {})) parts.push(d.headline ?? '')
  parts.push(listing.location?.city ?? '', listing.location?.en?.city ?? '')
  return parts
    .filter((p) => p.length > 0)
    .join('\n')
    .toLowerCase()
}

export interface PreparedListing {
  listing: Listing
  json: string
  packed: StoredJson
  row: ListingRow
}

/** A coordinate as a number, or null when the listing gives none (or none that is finite). */
function coordinate(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) ? value : null
}

function listingToRow(
  listing: Listing,
  json: StoredJson,
  pricing: Uint8Array,
  seenAt: number
): ListingRow {
  const places = listingPlaces(listing)
  return {
    id: listing.id,
    reference_number: listing.referenceNumber ?? null,
    name: listingName(listing),
    search_text: searchText(listing),
    city: places.city.local,
    region: places.region.local,
    country: places.country.local,
    country_en: places.country.english,
    region_en: places.region.english,
    city_en: places.city.english,
    country_keys: placeKeys(places.country),
    region_keys: placeKeys(places.region),
    city_keys: placeKeys(places.city),
    latitude: coordinate(listing.location?.latitude),
    longitude: coordinate(listing.location?.longitude),
    max_guest: listing.maxGuest ?? null,
    bedrooms: bedroomCount(listing),
    booking_type: listing.bookingType ?? null,
    active: listing.active === undefined ? null : listing.active ? 1 : 0,
    advance_notice: listing.advanceNotice ?? null,
    json,
    pricing,
    seen_at: seenAt
  }
}

const COLUMNS = [
  'id',
  'reference_number',
  'name',
  'search_text',
  'city',
  'region',
  'country',
  'max_guest',
  'bedrooms',
  'booking_type',
  'active',
  'advance_notice',
  'json',
  'pricing',
  'country_en',
  'region_en',
  'city_en',
  'country_keys',
  'region_keys',
  'city_keys',
  'latitude',
  'longitude',
  'seen_at'
] as const

/**
 * The pure part of a listing's write (JSON, deflate, row). `hub`: what a team hub's packed
 * snapshot line offers for this listing (src-main/api/snapshot.ts), the JSON its deflated bytes
 * inflated to, those bytes, and the deflated pricing. The bytes are stored only if that JSON is
 * exactly what this desk stores for the listing, the pricing only if it inflates to exactly this
 * desk's own; else this desk deflates as for any record. A compression the desk would not have
 * made costs a deflate, never the record.
 */
export function prepareListing(
  listing: Listing,
  seenAt: number,
  hub?: { json: string; packed: Buffer; pricing: unknown }
): PreparedListing {
  const json = JSON.stringify(listing)
  const own = hub?.json === json
  const packed = own ? hub.packed : packJson(json)
  const pricingText = pricingJson(listing)
  const pricing = (own && packedAs(hub.pricing, pricingText)) || packJson(pricingText)
  return { listing, json, packed, row: listingToRow(listing, packed, pricing, seenAt) }
}

export class ListingsRepo {
  private readonly upsertStmt: Database.Statement
  private readonly jsonStmt: Database.Statement<[number], StoredJson>

  constructor(db: Database.Database) {
    const updates = COLUMNS.filter((c) => c !== 'id').map((c) => `${c} = excluded.${c}`)
    this.upsertStmt = db.prepare(
      `INSERT INTO listings (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => '@' + c).join(', ')})
       ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`
    )
    this.jsonStmt = db
      .prepare<[number], StoredJson>('SELECT json FROM listings WHERE id = ?')
      .pluck()
  }

  get(id: number): Listing | undefined {
    const stored = this.jsonStmt.get(id)
    return stored === undefined ? undefined : (JSON.parse(unpackJson(stored)) as Listing)
  }

  /**
   * Upserts one listing. Returns null when the stored copy is identical (nothing written),
   * else the changed top-level fields (empty for a listing seen for the first time).
   */
  /** The pure part of a write (JSON, deflate, row), done before the write transaction opens. */
  prepare(listing: Listing, seenAt: number): PreparedListing {
    return prepareListing(listing, seenAt)
  }

  apply(prepared: PreparedListing): HistoryChange[] | null {
    const { listing, json, packed, row } = prepared
    const stored = this.jsonStmt.get(listing.id)
    if (stored !== undefined && sameStored(stored, packed)) return null
    let changes: HistoryChange[] = []
    if (stored !== undefined) {
      const oldJson = unpackJson(stored)
      if (oldJson === json) return null
      const old = JSON.parse(oldJson) as Record<string, unknown>
      changes = changedFields(old, listing as Record<string, unknown>)
      if (changes.length === 0) return null
    }
    this.upsertStmt.run(row)
    return changes
  }
}
