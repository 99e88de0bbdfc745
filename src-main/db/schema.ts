import type { Selectable } from 'kysely'

/**
 * The mirror's tables as Kysely sees them. Booleans are 0/1 integers and JSON is text, as
 * SQLite stores them; rows are mapped to the shared DTOs in repos/*.
 *
 * These types are checked, not only claimed. Kysely runs the migrations, and its query builder
 * types the queries whose shape varies with optional filters (the kept bookings' list,
 * queries/recent-bookings.ts; the history pages, queries/history-all.ts and repos/history.ts):
 * a column or table not declared here does not compile, and the rows' types are inferred from
 * these tables. Such a query is only compiled by Kysely and run by better-sqlite3
 * (typed-sql.ts), so every mirror method stays synchronous. Row types written for raw
 * statements are derived from these tables (`Selectable<…>`, Pick, the packed windows'
 * rows in queries/packed-window.ts) rather than restating the columns.
 *
 * Raw statements stay where measurements favour them: the packed availability (the
 * availability search's scans and windows: substr() over BLOBs, `.raw()` tuples, statements
 * prepared once), the in-memory search index (listing-index.ts) and the sync's writes
 * (commit-page.ts and repos/*: upserts prepared once per connection, run per record). Why the
 * choice: the filtered lists used to be assembled from strings with a hand-kept parameter
 * list and a hand-written row type each, which is exactly what the builder checks; the hot
 * paths gain nothing from it and would pay a compile per call.
 */

export interface ListingsTable {
  id: number
  reference_number: string | null
  /** Display name: the English headline, else the first one (see repos/listings.ts). */
  name: string
  /** Lower-cased id, reference, every headline and the city, for the text filter. */
  search_text: string
  city: string | null
  region: string | null
  country: string | null
  max_guest: number | null
  bedrooms: number | null
  booking_type: string | null
  active: number | null
  advance_notice: number | null
  /** The Listing exactly as parsed: deflated JSON, or plain JSON text before 0004 (listing-json.ts). */
  json: string | Uint8Array
  /** Deflated JSON of the fields pricing reads (listing-pricing.ts); null before 0005. */
  pricing: Uint8Array | null
  /** English names where they differ from the local ones (0006). */
  country_en: string | null
  region_en: string | null
  city_en: string | null
  /** Folded local and English names, one per line: what place filters match (0006). */
  country_keys: string | null
  region_keys: string | null
  city_keys: string | null
  /** location.latitude/longitude: bookings name no listing, only a position to find it by (0007). */
  latitude: number | null
  longitude: number | null
  seen_at: number
}

interface AvailabilityTable {
  listing_id: number
  base_day: number
  flags: Uint8Array
  stay_width: number
  min_stay: Uint8Array
  max_stay: Uint8Array
  extra: string | null
  seen_at: number
}

interface RatesTable {
  listing_id: number
  base_day: number
  prices: Uint8Array
  rules: string
  exact: string | null
  seen_at: number
}

interface SyncStateTable {
  resource: string
  cursor: string
  updated_at: number
}

interface QuarantineTable {
  id: number
  resource: string
  record_id: string | null
  path: string
  code: string
  raw: string
  first_seen: number
  last_seen: number
  count: number
}

interface QuarantineCountersTable {
  resource: string
  total: number
  evicted: number
  cleared: number
}

export interface HistoryTable {
  id: number
  listing_id: number
  resource: string
  key: string
  old: string | null
  new: string | null
  seen_at: number
}

/** The kept copy of a booking read from the service (the kept store, src-main/kept; repos/bookings.ts). */
export interface BookingsTable {
  /** The service's booking id. */
  id: string
  /** The caller's reference given at creation: known only for bookings made here. */
  own_reference: string | null
  status: string
  payment_status: string | null
  guest_name: string | null
  /** Folded first name, last name and both, one per line: what the guest filter matches. */
  guest_key: string | null
  check_in: string
  check_out: string
  /** Given when made here, else found by the property's coordinates; null when unknown. */
  listing_id: number | null
  /** payment.amount in cents. */
  total_cents: number | null
  /** End of the payment period (ISO 8601), from the create answer; only while pendingPayment. */
  expires_at: string | null
  /** The BookingDetails exactly as parsed. */
  json: string
  /** When this copy was read, epoch ms. */
  fetched_at: number
}

/** What this profile last set as a listing's reference on the channel (the kept store). */
export interface ListingReferencesTable {
  listing_id: number
  reference: string
  url: string | null
  /** building, incomplete, active or inactive. */
  status: string | null
  /** When this profile set it, epoch ms. */
  set_at: number
}

/** A listing image as fetched by main, kept for offline viewing (0008). */
export interface ListingImagesTable {
  listing_id: number
  /** Its position in the listing's `images`. */
  idx: number
  /** The address it was fetched from: a changed address means a changed image. */
  url: string
  content_type: string
  bytes: Uint8Array
  fetched_at: number
}

/** Small per-profile screen settings, JSON text (0008). */
interface PrefsTable {
  key: string
  value: string
  updated_at: number
}

/**
 * What the mirror's connection reaches: its own tables and, through the attached kept store,
 * `bookings` and `listing_references`.
 */
export interface MirrorDatabase {
  listings: ListingsTable
  availability: AvailabilityTable
  rates: RatesTable
  sync_state: SyncStateTable
  quarantine: QuarantineTable
  quarantine_counters: QuarantineCountersTable
  history: HistoryTable
  bookings: BookingsTable
  listing_references: ListingReferencesTable
  listing_images: ListingImagesTable
  prefs: PrefsTable
}

export type ListingRow = Selectable<ListingsTable>
export type AvailabilityRow = Selectable<AvailabilityTable>
export type RatesRow = Selectable<RatesTable>
export type BookingRow = Selectable<BookingsTable>
