import { dayAt } from '@shared/calendar/packed-days'
import { centsAt } from '@shared/calendar/packed-rates'
import { fromDayNumber, isIsoDate, toDayNumber } from '@shared/domain/dates'
import type { GuardrailRules } from '@shared/watch/alert.schema'
import { priceAtBookingHit } from '@shared/watch/price-alert'
import {
  HOLDING_STATUSES,
  doubleBookingNights,
  floorsOf,
  groupHits,
  latestPerNight,
  minStayNights,
  priceDropNights,
  stateNights,
  type NightChange,
  type Hit,
  type NightHit
} from '@shared/watch/rules'
import { priceOfKept } from './booking-price'
import type { HeldRow, WatchStore } from './store'

/**
 * One watch pass over a profile's mirror (issue 23). Incremental: it reads the history rows
 * after the last pass's cursor and re-checks only the listings they name, plus every kept
 * booking that holds nights ahead (a handful of rows). A pass scans every listing when it can't
 * trust the cursor: the first pass, after a full sync (a new full download in sync_state),
 * after the history was rebuilt or pruned past the cursor, or when the rules changed.
 *
 * Price at booking is checked for the same kept bookings the double-booking rule watches (those
 * holding nights from today on: a stay over or cancelled needs no warning, and its page still
 * prices it), and each is priced again only when it is new or re-read since the last pass, its
 * listing's rates or record changed since the cursor, or on a full pass: pricing reads the
 * listing's history, too much to repeat for every booking after every delta.
 */

export interface PassOptions {
  now: number
  today: string
  rules: GuardrailRules
  /** Scan every listing whatever the cursor says. */
  full?: boolean
}

export interface PassResult {
  full: boolean
  /** Listings whose calendars were checked. */
  listings: number
  /** History rows read. */
  changes: number
  /** Ids of the alerts this pass added. */
  added: number[]
  /** Alerts whose situation this pass found over. */
  ended: number
}

const STATE = {
  cursor: 'cursor',
  marks: 'fullSyncMarks',
  rules: 'rulesChecked',
  lastRun: 'lastRunAt',
  /** The bookings the last pass watched for price at booking, with the read it priced. */
  priced: 'pricedReads'
}

/** A kept booking holds its nights when its status does and its payment period has not run out. */
function holds(b: HeldRow, now: number): boolean {
  if (!HOLDING_STATUSES.includes(b.status)) return false
  if (b.status !== 'pendingPayment' || b.expires_at === null) return true
  // The service writes `YYYY-MM-DD HH:mm:ss` in UTC.
  const expires = Date.parse(`${b.expires_at.replace(' ', 'T')}Z`)
  return Number.isNaN(expires) || expires > now
}

/** Listings a full pass checks between two turns of the event loop (about 50 ms of work). */
const SLICE = 500

const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

export async function runWatchPass(store: WatchStore, opts: PassOptions): Promise<PassResult> {
  const today = toDayNumber(opts.today)
  const cursor = store.state<number>(STATE.cursor)
  const marks = store.fullSyncMarks()
  const rulesKey = JSON.stringify(opts.rules)
  const { lo, hi } = store.historyBounds()
  // The cursor stands for this mirror's history only while its rows are all still there.
  const cursorValid =
    cursor !== undefined &&
    (hi === null ? cursor === 0 : cursor <= hi && (lo === null || cursor + 1 >= lo))
  const full =
    opts.full === true ||
    !cursorValid ||
    store.state<string>(STATE.marks) !== marks ||
    store.state<string>(STATE.rules) !== rulesKey
  const rows = cursorValid ? store.changesSince(cursor) : []
  const nextCursor = rows.length > 0 ? rows[rows.length - 1].id : cursorValid ? cursor : (hi ?? 0)

  const daysOf = cached((id) => store.days(id))
  const ratesOf = cached((id) => store.rates(id))
  const scope = full ? store.allListingIds() : [...new Set(rows.map((r) => r.listing_id))]

  const nights: NightHit[] = []
  const floorOf = floorsOf(opts.rules)
  for (let i = 0; i < scope.length; i++) {
    const id = scope[i]
    // A full pass runs in main after a full sync: the window's requests go between slices.
    if (full && i > 0 && i % SLICE === 0) await turn()
    const floor = floorOf(id)
    // A full pass reads each listing once: keeping 10,000 calendars would cost ~60 MB.
    const days = full ? store.days(id) : daysOf(id)
    const rates = full ? store.rates(id) : ratesOf(id)
    nights.push(...stateNights(id, days, rates, opts.rules, floor, today))
  }
  const rateChanges: NightChange[] = []
  const stayChanges: NightChange[] = []
  for (const r of rows) {
    if (!isIsoDate(r.key)) continue // rate rules (`rule:<name>`) are not nights
    const c = {
      listingId: r.listing_id,
      day: toDayNumber(r.key),
      old: r.old === null ? undefined : (JSON.parse(r.old) as unknown),
      new: r.new === null ? undefined : (JSON.parse(r.new) as unknown),
      seenAt: r.seen_at
    }
    ;(r.resource === 'rates' ? rateChanges : stayChanges).push(c)
  }
  const centsNow = (id: number, day: number) => {
    const p = ratesOf(id)
    return p ? centsAt(p, day) : null
  }
  const minStayNow = (id: number, day: number) => {
    const p = daysOf(id)
    return (p && dayAt(p, day)?.minStay) ?? null
  }
  nights.push(
    ...priceDropNights(latestPerNight(rateChanges), opts.rules.priceDropPercent, today, centsNow),
    ...minStayNights(latestPerNight(stayChanges), opts.rules.minStayLimit, today, minStayNow)
  )
  const held = store
    .bookingsAhead(opts.today)
    .filter((b) => holds(b, opts.now) && isIsoDate(b.check_in) && isIsoDate(b.check_out))
  for (const b of held) {
    const booking = {
      id: b.id,
      listingId: b.listing_id,
      checkIn: toDayNumber(b.check_in),
      checkOut: toDayNumber(b.check_out)
    }
    nights.push(
      ...doubleBookingNights(booking, daysOf(b.listing_id), today, (day) =>
        store.lastAvailabilityChange(b.listing_id, fromDayNumber(day))
      )
    )
  }
  const hits = groupHits(nights)
  const prices = pricesAtBooking(store, held, {
    full,
    now: opts.now,
    listingsChanged: () =>
      new Set([
        ...rows.filter((r) => r.resource === 'rates').map((r) => r.listing_id),
        ...(cursorValid ? store.listingsChangedSince(cursor) : [])
      ])
  })
  hits.push(...prices.hits)

  // A change-based alert lasts while the calendar still shows the value the change set, on one
  // of its nights at least; every other alert lasts while a pass finds it again.
  const found = new Set(hits.map((h) => h.key))
  const open = store.openAlerts(full ? undefined : scope)
  for (const a of open) {
    if (a.kind !== 'price-drop' && a.kind !== 'min-stay-jump') continue
    const current = a.kind === 'price-drop' ? centsNow : minStayNow
    const still = (JSON.parse(a.nights) as string[]).some((n) => {
      const day = toDayNumber(n)
      return day >= today && current(a.listing_id, day) === a.new_value
    })
    if (still) found.add(a.dedupe_key)
  }
  const ended = [...open.filter((a) => !found.has(a.dedupe_key)).map((a) => a.id), ...prices.ended]
  const added = store.apply(hits, ended, opts.now)
  store.setState(STATE.cursor, nextCursor)
  store.setState(STATE.marks, marks)
  store.setState(STATE.rules, rulesKey)
  store.setState(STATE.lastRun, opts.now)
  store.setState(STATE.priced, prices.reads)
  return { full, listings: scope.length, changes: rows.length, added, ended: ended.length }
}

/**
 * Price at booking for the held bookings: a hit for each one priced again that differs by a
 * named rule; its open alert ends when it agrees again or it is no longer held, or when its
 * difference changed (the new one is another alert). "Not known" is never a hit and leaves an
 * open alert as it is (a history pruned past the booking does not make the difference go away);
 * so does not pricing a booking again.
 */
function pricesAtBooking(
  store: WatchStore,
  held: readonly HeldRow[],
  opts: { full: boolean; now: number; listingsChanged: () => Set<number> }
): { hits: Hit[]; ended: number[]; reads: Record<string, number> } {
  const before = opts.full ? {} : (store.state<Record<string, number>>(STATE.priced) ?? {})
  const open = store.openPriceAlerts()
  const reads: Record<string, number> = {}
  const hits: Hit[] = []
  const keep = new Set<string>()
  const copy = store.priceReads()
  let changed: Set<number> | undefined
  for (const b of held) {
    reads[b.id] = b.fetched_at
    const again =
      opts.full ||
      before[b.id] !== b.fetched_at ||
      (changed ??= opts.listingsChanged()).has(b.listing_id)
    const kept = again ? store.keptBooking(b.id) : undefined
    if (!kept) {
      for (const a of open) if (a.booking_id === b.id) keep.add(a.dedupe_key)
      continue
    }
    const priced = priceOfKept(copy, kept, opts.now)
    const hit = priced.verdict === 'differs' ? priceAtBookingHit(priced, b.listing_id) : null
    if (hit) {
      hits.push(hit)
      keep.add(hit.key)
    } else if (priced.verdict === 'not-known') {
      for (const a of open) if (a.booking_id === b.id) keep.add(a.dedupe_key)
    }
  }
  const ended = open.filter((a) => !keep.has(a.dedupe_key)).map((a) => a.id)
  return { hits, ended, reads }
}

export function lastRunAt(store: WatchStore): number | null {
  return store.state<number>(STATE.lastRun) ?? null
}

function cached<T>(read: (id: number) => T): (id: number) => T {
  const memo = new Map<number, T>()
  return (id) => {
    if (!memo.has(id)) memo.set(id, read(id))
    return memo.get(id) as T
  }
}
