import { dayAt } from '@shared/calendar/packed-days'
import { centsAt } from '@shared/calendar/packed-rates'
import { fromDayNumber, isIsoDate, toDayNumber } from '@shared/domain/dates'
import type { GuardrailRules } from '@shared/watch/alert.schema'
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
  type NightHit
} from '@shared/watch/rules'
import type { HeldRow, WatchStore } from './store'

/**
 * One watch pass over a profile's mirror (issue 23). Incremental: it reads the history rows
 * after the last pass's cursor and re-checks only the listings they name, plus every kept
 * booking that holds nights ahead (a handful of rows). A pass scans every listing when it can't
 * trust the cursor: the first pass, after a full sync (a new full download in sync_state),
 * after the history was rebuilt or pruned past the cursor, or when the rules changed.
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
  lastRun: 'lastRunAt'
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
  for (const b of store.bookingsAhead(opts.today)) {
    if (!holds(b, opts.now) || !isIsoDate(b.check_in) || !isIsoDate(b.check_out)) continue
    const held = {
      id: b.id,
      listingId: b.listing_id,
      checkIn: toDayNumber(b.check_in),
      checkOut: toDayNumber(b.check_out)
    }
    nights.push(
      ...doubleBookingNights(held, daysOf(b.listing_id), today, (day) =>
        store.lastAvailabilityChange(b.listing_id, fromDayNumber(day))
      )
    )
  }
  const hits = groupHits(nights)

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
  const ended = open.filter((a) => !found.has(a.dedupe_key)).map((a) => a.id)
  const added = store.apply(hits, ended, opts.now)
  store.setState(STATE.cursor, nextCursor)
  store.setState(STATE.marks, marks)
  store.setState(STATE.rules, rulesKey)
  store.setState(STATE.lastRun, opts.now)
  return { full, listings: scope.length, changes: rows.length, added, ended: ended.length }
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
