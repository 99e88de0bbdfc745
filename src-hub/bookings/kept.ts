import { sql, type Kysely, type Selectable } from 'kysely'
import type { BookingDetails } from '@shared/api'
import type { HubDatabase } from '../db/schema'
import { announceChange, nextSeq, seqNumber } from '../events/seq'
import { keepable } from '../journal/keepable'

/**
 * Bookings kept by the hub: every booking a desk read through it or wrote through it, as last
 * seen (the service's details minus card data), with lower-cased columns for the search by id,
 * own reference, guest name or e-mail. What one agent opened, every agent finds.
 */

export interface KeptFacts {
  env: string
  bookingId: string
  by: number
  details?: BookingDetails | null
  ownReference?: string | null
  listingId?: number | null
  checkIn?: string | null
  checkOut?: string | null
  status?: string | null
  guestName?: string | null
  guestEmail?: string | null
}

const guestNameOf = (g: { firstName?: string; lastName?: string } | undefined): string | null =>
  [g?.firstName, g?.lastName].filter(Boolean).join(' ').trim() || null

/**
 * Keeps (or refreshes) a booking: what is known now wins, what is not known stays as it was. A
 * booking read again as it was kept (most reads: desks open the same bookings over and over)
 * only records who read it and when, in one statement, without an event number: nothing changed
 * for other desks to hear, and the event order's lock is not queued for (50 desks' reads waited
 * on it one after another, 0.5 s at the median on this machine).
 */
export async function keepBooking(db: Kysely<HubDatabase>, facts: KeptFacts): Promise<void> {
  const row = keptRowOf(facts)
  if (await refreshUnchanged(db, row)) return
  await db.transaction().execute(async (trx) => {
    const seq = await nextSeq(trx)
    const kept = <T = string | null>(column: keyof typeof row) =>
      sql<T>`coalesce(excluded.${sql.ref(column)}, hub_kept_booking.${sql.ref(column)})`
    await trx
      .insertInto('hub_kept_booking')
      .values({ ...row, seq })
      .onConflict((oc) =>
        oc.columns(['env', 'booking_id']).doUpdateSet({
          own_reference: kept('own_reference'),
          listing_id: kept<number | null>('listing_id'),
          check_in: kept('check_in'),
          check_out: kept('check_out'),
          status: kept('status'),
          guest_name: kept('guest_name'),
          guest_email: kept('guest_email'),
          details: kept('details'),
          kept_by: facts.by,
          kept_at: sql<Date>`now()`,
          seq
        })
      )
      .execute()
  })
  announceChange(db)
}

function keptRowOf(facts: KeptFacts) {
  const d = facts.details ?? undefined
  return {
    env: facts.env,
    booking_id: facts.bookingId,
    own_reference: facts.ownReference ?? null,
    listing_id: facts.listingId ?? null,
    check_in: d?.checkIn.date ?? facts.checkIn ?? null,
    check_out: d?.checkOut.date ?? facts.checkOut ?? null,
    status: d?.status ?? facts.status ?? null,
    guest_name: guestNameOf(d?.guest) ?? facts.guestName ?? null,
    guest_email: d?.guest?.email ?? facts.guestEmail ?? null,
    details: d ? JSON.stringify(keepable(d)) : null,
    kept_by: facts.by
  }
}

/** The columns a keep merges besides the details (a value given wins, an absent one stays). */
const FACT_COLUMNS = [
  'own_reference',
  'listing_id',
  'check_in',
  'check_out',
  'status',
  'guest_name',
  'guest_email'
] as const

/** Records who read the kept booking and when, if what is known now changes nothing in it. */
async function refreshUnchanged(
  db: Kysely<HubDatabase>,
  row: ReturnType<typeof keptRowOf>
): Promise<boolean> {
  const same = (column: (typeof FACT_COLUMNS)[number]) =>
    sql`${sql.ref(column)} IS NOT DISTINCT FROM coalesce(${row[column]}, ${sql.ref(column)})`
  const result = await db
    .updateTable('hub_kept_booking')
    .set({ kept_by: row.kept_by, kept_at: sql<Date>`now()` })
    .where('env', '=', row.env)
    .where('booking_id', '=', row.booking_id)
    .where(sql<boolean>`${sql.join(FACT_COLUMNS.map(same), sql` AND `)}`)
    .where(sql<boolean>`details IS NOT DISTINCT FROM coalesce(${row.details}::jsonb, details)`)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Keeps started by booking reads in this process, not yet done, by database. */
const underWay = new WeakMap<Kysely<HubDatabase>, Set<Promise<void>>>()

/**
 * Keeps a booking a desk read without holding up its answer: the desk asked for the booking,
 * the team's copy is for the others. What reads kept bookings in this process waits for the
 * keeps under way first (keptSettled), so a search right after a read finds it. A failed keep
 * is given to `failed`; the copy is refreshed at the next read.
 */
export function keepInBackground(
  db: Kysely<HubDatabase>,
  facts: KeptFacts,
  failed: (err: unknown) => void
): void {
  let keeps = underWay.get(db)
  if (!keeps) underWay.set(db, (keeps = new Set()))
  const keep = keepBooking(db, facts).catch(failed)
  keeps.add(keep)
  void keep.finally(() => keeps.delete(keep))
}

async function keptSettled(db: Kysely<HubDatabase>): Promise<void> {
  const keeps = underWay.get(db)
  if (keeps && keeps.size > 0) await Promise.all(keeps)
}

/** A kept booking as desks read it. */
export interface KeptBooking {
  seq: number
  bookingId: string
  ownReference: string | null
  listingId: number | null
  checkIn: string | null
  checkOut: string | null
  status: string | null
  guestName: string | null
  guestEmail: string | null
  details: unknown
  keptAt: string
  keptBy: string
}

type Row = Selectable<HubDatabase['hub_kept_booking']> & { kept_by_name: string }

function keptBookingOf(row: Row): KeptBooking {
  return {
    seq: seqNumber(row.seq),
    bookingId: row.booking_id,
    ownReference: row.own_reference,
    listingId: row.listing_id,
    checkIn: row.check_in,
    checkOut: row.check_out,
    status: row.status,
    guestName: row.guest_name,
    guestEmail: row.guest_email,
    details: row.details ?? null,
    keptAt: row.kept_at.toISOString(),
    keptBy: row.kept_by_name
  }
}

function keptRows(db: Kysely<HubDatabase>) {
  return db
    .selectFrom('hub_kept_booking as k')
    .innerJoin('hub_user as u', 'u.id', 'k.kept_by')
    .selectAll('k')
    .select('u.name as kept_by_name')
}

/** `text` as a LIKE prefix: its own % and _ matched as themselves. */
const prefix = (text: string): string => `${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`

/**
 * Kept bookings whose id, own reference, guest name (any word of it) or e-mail starts with `q`,
 * whatever its case; most recently kept first.
 */
export async function findKept(
  db: Kysely<HubDatabase>,
  env: string,
  q: string,
  page: { limit: number; offset: number }
): Promise<{ total: number; items: KeptBooking[] }> {
  await keptSettled(db)
  const like = prefix(q.trim())
  const base = keptRows(db)
    .where('k.env', '=', env)
    .where((eb) =>
      eb.or([
        eb(sql`lower(k.booking_id)`, 'like', like),
        eb(sql`lower(k.own_reference)`, 'like', like),
        eb(sql`lower(k.guest_name)`, 'like', like),
        eb(sql`lower(k.guest_name)`, 'like', `% ${like}`),
        eb(sql`lower(k.guest_email)`, 'like', like)
      ])
    )
  const [rows, count] = await Promise.all([
    base
      .orderBy('k.kept_at', 'desc')
      .orderBy('k.booking_id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow()
  ])
  return { total: Number(count.n), items: rows.map(keptBookingOf) }
}

/** The kept booking with this id or own reference. */
export async function keptBooking(
  db: Kysely<HubDatabase>,
  env: string,
  idOrReference: string
): Promise<KeptBooking | undefined> {
  await keptSettled(db)
  const row = await keptRows(db)
    .where('k.env', '=', env)
    .where((eb) =>
      eb.or([eb('k.booking_id', '=', idOrReference), eb('k.own_reference', '=', idOrReference)])
    )
    .orderBy(sql`k.booking_id = ${idOrReference}`, 'desc')
    .executeTakeFirst()
  return row && keptBookingOf(row)
}

/** Kept bookings changed after event number `since`, in order (events/routes.ts). */
export async function keptSince(
  db: Kysely<HubDatabase>,
  env: string,
  since: number,
  limit: number
): Promise<KeptBooking[]> {
  await keptSettled(db)
  const rows = await keptRows(db)
    .where('k.env', '=', env)
    .where('k.seq', '>', since)
    .orderBy('k.seq')
    .limit(limit)
    .execute()
  return rows.map(keptBookingOf)
}
