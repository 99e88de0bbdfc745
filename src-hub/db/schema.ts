import type { ColumnType, Generated, RawBuilder, Selectable } from 'kysely'
import type { JournalAction } from '@shared/hub/journal'
import type { HubRole } from '@shared/domain/hub-roles'

/**
 * The hub's tables as Kysely sees them (migrations/ makes them). Times are timestamptz, read
 * as Date; ids are identity integers the database draws.
 */

/** A time the database sets by default on insert and that is read as a Date. */
type CreatedAt = ColumnType<Date, Date | undefined, never>

interface HubUserTable {
  id: Generated<number>
  name: string
  role: HubRole
  created_at: CreatedAt
  disabled_at: Date | null
}

interface HubTokenTable {
  id: Generated<number>
  user_id: number
  /** `scrypt$<N>$<r>$<p>$<salt>$<hash>` (base64url): never the token. */
  secret_hash: string
  label: string | null
  created_at: CreatedAt
  last_used_at: Date | null
  revoked_at: Date | null
}

/** A synced record (hub_listing, hub_availability, hub_rate); migrations/0002 and 0004. */
interface HubCatalogTable {
  env: string
  /** bigint: pg reads it as a string, so queries cast what they read back. */
  listing_id: ColumnType<string, number, number>
  /** The record's JSON as the service sent it (text since 0004_catalog_text). */
  body: string
  changed_at: Date
  /** Held as jsonb printed it (written before 0004): compared by value once, then rewritten. */
  reformatted: ColumnType<boolean, boolean | undefined, boolean>
}

/** Also the record's packed snapshot line (0005 calendars and rates, 0006 listings), or NULL. */
interface HubPackedCatalogTable extends HubCatalogTable {
  packed: string | null
}

interface HubSyncCursorTable {
  env: string
  resource: string
  phase: 'full' | 'delta'
  next_url: string | null
  full_started_at: ColumnType<string | null, number | null, number | null>
  delta_since: ColumnType<string | null, number | null, number | null>
  pages_done: number
  records_done: number
  last_success_at: Date | null
  last_error: string | null
  updated_at: ColumnType<Date, Date | undefined, Date>
}

interface HubSyncLeaseTable {
  env: string
  holder: string
  expires_at: Date
}

interface HubQuarantineTable {
  env: string
  resource: string
  record_id: string
  path: string
  code: string
  raw: string
  first_seen: Date
  last_seen: Date
}

/** Outcomes of a write in the shared journal (migrations/0003_journal.ts). */
export type HubWriteOutcome = 'sending' | 'done' | 'refused' | 'unknown' | 'not-sent'

/** bigint from hub_event_seq: pg reads it as a string, PGlite as a number. */
type Seq = ColumnType<string | number, RawBuilder<number>, RawBuilder<number>>

interface HubJournalTable {
  id: Generated<number>
  env: string
  user_id: number
  action: JournalAction
  target: string
  booking_id: string | null
  listing_id: number | null
  own_reference: string | null
  /** JSON text on the way in (the card already reduced to brand and last four). */
  request: ColumnType<unknown, string, never>
  sent_at: CreatedAt
  answered_at: Date | null
  status: number | null
  answer: ColumnType<unknown, string | null, string | null>
  message: string | null
  outcome: ColumnType<HubWriteOutcome, HubWriteOutcome | undefined, HubWriteOutcome>
  settled_at: Date | null
  settled_by: number | null
  settled_result: 'done' | 'not-done' | null
  settled_note: string | null
  seq: Seq
}

interface HubKeptBookingTable {
  env: string
  booking_id: string
  own_reference: string | null
  listing_id: number | null
  check_in: string | null
  check_out: string | null
  status: string | null
  guest_name: string | null
  guest_email: string | null
  details: ColumnType<unknown, string | null, string | null>
  kept_at: ColumnType<Date, Date | undefined, RawBuilder<Date>>
  kept_by: number
  seq: Seq
}

export interface HubDatabase {
  hub_user: HubUserTable
  hub_token: HubTokenTable
  hub_journal: HubJournalTable
  hub_kept_booking: HubKeptBookingTable
  hub_listing: HubPackedCatalogTable
  hub_availability: HubPackedCatalogTable
  hub_rate: HubPackedCatalogTable
  hub_sync_cursor: HubSyncCursorTable
  hub_quarantine: HubQuarantineTable
  hub_sync_lease: HubSyncLeaseTable
}

export type HubUserRow = Selectable<HubUserTable>
