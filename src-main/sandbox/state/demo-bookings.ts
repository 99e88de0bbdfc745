import type { BookingRequest } from '@shared/api'
import { fromDayNumber } from '@shared/domain/dates'
import {
  applyCard,
  guestRefundPercent,
  newBooking,
  PAYMENT_PERIOD_MS,
  refundPaid,
  type BookingState
} from './bookings'
import type { CardOutcome } from './cards'
import { DAY_MS } from './clock'
import { demoGuest } from './demo-guests'
import { DEMO_SCENARIOS, type DemoScenario } from './demo-scenarios'
import { planScenario, shuffled, type DemoBookingDeps, type Plan } from './demo-stays'
import { mulberry32, subSeed } from './prng'

export type { DemoBookingDeps } from './demo-stays'

/**
 * Files the demo bookings (demo-scenarios.ts) with the booking desk when the store is created,
 * so they are real: readable, cancellable, payable and expiring like bookings made over HTTP.
 * Deterministic from the seed, the portfolio and today; a scenario that finds no listing with
 * free nights (a tiny portfolio) is left out.
 */

const MINUTE_MS = 60_000
const ACCEPTED_CARDS: readonly CardOutcome[] = [
  { accepted: true, brand: 'visa', last4: '4242' },
  { accepted: true, brand: 'mastercard', last4: '4444' }
]
const DECLINED_CARD: CardOutcome = { accepted: false, brand: 'visa', last4: '0002' }
const BRANDS = ['Sunny Holidays', 'Casa & Mare', 'Alpine Escapes']

/** Files every scenario that fits the portfolio; answers the bookings in scenario order. */
export function fileDemoBookings(deps: DemoBookingDeps): BookingState[] {
  const r = mulberry32(subSeed(deps.seed, 4))
  const order = shuffled(
    r,
    deps.listings.filter((ls) => ls.listing.active !== false)
  )
  /** Listing id → [from, to) day ranges of its demo bookings, held or not. */
  const taken = new Map<number, [number, number][]>()
  const references = new Set<string>()
  const out: BookingState[] = []
  for (const scenario of DEMO_SCENARIOS) {
    const plan = planScenario(deps, r, scenario, order, taken)
    if (!plan) continue
    taken.set(plan.ls.id, [...(taken.get(plan.ls.id) ?? []), [plan.fromDay, plan.toDay]])
    const guest = demoGuest(r, plan.ls.place.countryISO)
    let ownReference: string | undefined
    while (scenario.ownReference && (!ownReference || references.has(ownReference))) {
      ownReference = `WEB-${r.int(100000, 999999)}`
    }
    if (ownReference) references.add(ownReference)
    const req: BookingRequest = {
      ...plan.stay,
      guest,
      ...(ownReference ? { ownReference } : {}),
      ...(scenario.salesBrand ? { salesBrand: r.pick(BRANDS) } : {}),
      ...(scenario.notes ? { notes: scenario.notes } : {})
    }
    const card = scenario.payment === 'declined' ? DECLINED_CARD : r.pick(ACCEPTED_CARDS)
    out.push(
      deps.file((id, nextInstalmentId) => {
        const b = newBooking(
          id,
          scenario,
          deps.channel,
          req,
          plan.price,
          plan.createdMs,
          nextInstalmentId
        )
        settle(b, scenario, plan, card, deps.startMs)
        return b
      })
    )
  }
  return out
}

/** Payment history, status, expiry and ending of a planned booking, all before `startMs`. */
function settle(
  b: BookingState,
  scenario: DemoScenario,
  plan: Plan,
  card: CardOutcome,
  startMs: number
): void {
  if (scenario.payment !== 'none') {
    applyCard(b, card, plan.createdMs, fromDayNumber(Math.floor(plan.createdMs / DAY_MS)))
  }
  if (scenario.payment === 'card') {
    // A later balance was charged on its due date (early morning, as a scheduled charge), if
    // that came before the sandbox started and before the booking ended.
    const until = Math.min(plan.endMs ?? startMs, startMs)
    for (const inst of b.instalments) {
      const dueMs = Date.parse(`${inst.dueDate}T06:00:00Z`) + (inst.id % 60) * MINUTE_MS
      if (inst.status !== 'paid' && dueMs > plan.createdMs && dueMs < until) {
        applyCard(b, card, dueMs, inst.dueDate)
      }
    }
  }
  b.status = scenario.status
  if (scenario.status === 'pendingPayment' || scenario.status === 'expired') {
    b.expiresAtMs = plan.expiresAtMs ?? plan.createdMs + PAYMENT_PERIOD_MS
  }
  const end = scenario.end
  if (end && plan.endMs !== undefined) {
    const at = new Date(plan.endMs).toISOString()
    const percent =
      end.refund === 'partialTier' ? guestRefundPercent(b, plan.ls, at.slice(0, 10)) : end.refund
    const paymentStatus = refundPaid(b, percent, at)
    b.cancellation = { at, by: end.by, reason: end.reason, message: end.message, paymentStatus }
  }
}
