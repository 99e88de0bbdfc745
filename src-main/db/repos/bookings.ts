import type Database from 'better-sqlite3'
import type { BookingDetails } from '@shared/api/booking.schema'
import { eurToCents } from '@shared/domain/money'
import { foldText } from '@shared/domain/text'
import type { BookingSummary } from '@shared/ipc/bookings.schema'
import type { BookingRow } from '../schema'
import { typed } from '../typed-sql'

/** What StayDesk knows of a booking besides the service's read of it. */
export interface KeepMeta {
  /** When the booking was read from the service, epoch ms. */
  fetchedAt: number
  /** The listing it was made for, when made here. */
  listingId?: number | null
  /** The reference StayDesk sent at creation (the service's read does not return it). */
  ownReference?: string | null
  /** End of the payment period from the create answer (ISO 8601). */
  expiresAt?: string | null
}

/**
 * The summary columns of a kept booking with its listing's display name; every list of kept
 * bookings selects these (`b` is bookings, `l` the listing, when the mirror holds it).
 */
const SUMMARY_SELECT = [
  'b.id',
  'b.status',
  'b.payment_status',
  'b.guest_name',
  'b.check_in',
  'b.check_out',
  'b.listing_id',
  'l.name as listing_name',
  'b.own_reference',
  'b.total_cents',
  'b.expires_at',
  'b.fetched_at'
] as const
/** The same columns for the statements written as SQL text (json_each, the upsert's read). */
export const SUMMARY_COLUMNS = SUMMARY_SELECT.join(', ')
export const SUMMARY_FROM = 'bookings b LEFT JOIN listings l ON l.id = b.listing_id'

/** Kept bookings' summaries, as a typed query to filter and order (queries/recent-bookings.ts). */
export function summaries() {
  return typed
    .selectFrom('bookings as b')
    .leftJoin('listings as l', 'l.id', 'b.listing_id')
    .select(SUMMARY_SELECT)
}

/** The listings at a position; two rows are enough to tell "exactly one" from "more". */
export const LISTING_AT_SQL = 'SELECT id FROM listings WHERE latitude = ? AND longitude = ? LIMIT 2'

export type SummaryRow = Omit<BookingRow, 'guest_key' | 'json'> & { listing_name: string | null }

export function toSummary(r: SummaryRow): BookingSummary {
  return {
    id: r.id,
    status: r.status,
    paymentStatus: r.payment_status,
    guestName: r.guest_name,
    checkIn: r.check_in,
    checkOut: r.check_out,
    listingId: r.listing_id,
    listingName: r.listing_name,
    ownReference: r.own_reference,
    totalCents: r.total_cents,
    expiresAt: r.expires_at,
    fetchedAt: r.fetched_at
  }
}

/**
 * What the guest filter matches: the folded first name, last name and the two together, one per
 * line, so "zoe" finds Zoë, "sor" finds Søren and "zoe mar" finds Zoë Martin.
 */
export function guestKey(guest: BookingDetails['guest']): string | null {
  const names = [guest?.firstName, guest?.lastName].map((n) => foldText(n ?? ''))
  const lines = [...names, names.filter((n) => n !== '').join(' ')].filter((n) => n !== '')
  return lines.length > 0 ? [...new Set(lines)].join('\n') : null
}

function guestName(guest: BookingDetails['guest']): string | null {
  const name = [guest?.firstName?.trim(), guest?.lastName?.trim()].filter((n) => !!n).join(' ')
  return name === '' ? null : name
}

/**
 * Keeps, finds and reads kept bookings (the lists: queries/recent-bookings.ts, watch-list.ts).
 * `bookings` lives in the kept store attached to the mirror's connection (src-main/kept), which
 * a rebuild of the mirror never touches; named unqualified, it is found there (the mirror has
 * none since 0009) and joins the mirror's listings in one statement.
 */
export class BookingsRepo {
  private readonly storedStmt: Database.Statement<
    [string],
    Pick<BookingRow, 'own_reference' | 'listing_id' | 'expires_at'>
  >
  private readonly upsertStmt: Database.Statement<[BookingRow]>
  private readonly summaryStmt: Database.Statement<[string], SummaryRow & { json: string }>
  private readonly byReferenceStmt: Database.Statement<[string, string], string>
  private readonly positionStmt: Database.Statement<[number, number], number>
  private readonly keepTx: (booking: BookingDetails, meta: KeepMeta) => void

  constructor(db: Database.Database) {
    this.storedStmt = db.prepare(
      'SELECT own_reference, listing_id, expires_at FROM bookings WHERE id = ?'
    )
    const columns = [
      'id',
      'own_reference',
      'status',
      'payment_status',
      'guest_name',
      'guest_key',
      'check_in',
      'check_out',
      'listing_id',
      'total_cents',
      'expires_at',
      'json',
      'fetched_at'
    ]
    const updates = columns.filter((c) => c !== 'id').map((c) => `${c} = excluded.${c}`)
    this.upsertStmt = db.prepare(
      `INSERT INTO bookings (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})
       ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`
    )
    this.summaryStmt = db.prepare(
      `SELECT ${SUMMARY_COLUMNS}, b.json FROM ${SUMMARY_FROM} WHERE b.id = ?`
    )
    // Any case, as booking ids are typed: "web-123" finds WEB-123. The reference as typed wins
    // over one differing in case; several copies could carry one reference only if the service
    // reused it, and then the latest read wins.
    this.byReferenceStmt = db
      .prepare<[string, string], string>(
        `SELECT id FROM bookings WHERE own_reference = ? COLLATE NOCASE
         ORDER BY own_reference = ? DESC, fetched_at DESC, id LIMIT 1`
      )
      .pluck()
    this.positionStmt = db.prepare<[number, number], number>(LISTING_AT_SQL).pluck()
    // IMMEDIATE: the stored row is read and replaced under one write lock.
    const tx = db.transaction((booking: BookingDetails, meta: KeepMeta) =>
      this.upsertStmt.run(this.toRow(booking, meta))
    )
    this.keepTx = (booking, meta) => tx.immediate(booking, meta)
  }

  /**
   * Upserts the kept copy. A later read lacks what only StayDesk knew, so the stored own
   * reference and listing stay when `meta` gives none, and the payment deadline stays while the
   * booking still awaits payment (it means nothing once paid, expired or cancelled).
   */
  keep(booking: BookingDetails, meta: KeepMeta): BookingSummary {
    this.keepTx(booking, meta)
    return this.get(booking.id)!.summary
  }

  get(id: string): { booking: BookingDetails; summary: BookingSummary } | undefined {
    const row = this.summaryStmt.get(id)
    if (row === undefined) return undefined
    return { booking: JSON.parse(row.json) as BookingDetails, summary: toSummary(row) }
  }

  /** The booking id kept under an own reference, in any case (the exact spelling first). */
  idByReference(reference: string): string | undefined {
    return this.byReferenceStmt.get(reference, reference)
  }

  /**
   * The listing at the property's coordinates, when exactly one listing is there: flats in one
   * building share a position, and a guess between them would show the wrong listing.
   */
  listingAt(latitude: number | undefined, longitude: number | undefined): number | null {
    if (latitude === undefined || longitude === undefined) return null
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null
    const ids = this.positionStmt.all(latitude, longitude)
    return ids.length === 1 ? ids[0] : null
  }

  private toRow(booking: BookingDetails, meta: KeepMeta): BookingRow {
    const stored = this.storedStmt.get(booking.id)
    const address = booking.propertyAddress
    const listingId =
      meta.listingId ?? stored?.listing_id ?? this.listingAt(address?.latitude, address?.longitude)
    const pending = booking.status === 'pendingPayment'
    const amount = booking.payment?.amount
    return {
      id: booking.id,
      own_reference: meta.ownReference ?? stored?.own_reference ?? null,
      status: booking.status,
      payment_status: booking.paymentStatus ?? null,
      guest_name: guestName(booking.guest),
      guest_key: guestKey(booking.guest),
      check_in: booking.checkIn.date,
      check_out: booking.checkOut.date,
      listing_id: listingId,
      total_cents: amount === undefined ? null : eurToCents(amount),
      expires_at: pending ? (meta.expiresAt ?? stored?.expires_at ?? null) : null,
      json: JSON.stringify(booking),
      fetched_at: meta.fetchedAt
    }
  }
}
