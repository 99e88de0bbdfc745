import type { CommandOf } from '@shared/ipc/channels'
import type { CommandInput } from '@shared/ipc/contract'
import { DEFAULT_GUARDRAILS } from '@shared/watch/alert.schema'
import type { Handlers } from '../../../../../src-main/ipc/register'

/** One valid input per watch command (contract-stubs.ts joins the domains). */
export const WATCH_INPUTS: { [C in CommandOf<'watch'>]: CommandInput<C> } = {
  'watch:alerts': {},
  'watch:set-status': { ids: [1], status: 'seen' },
  'watch:check': { id: 1 },
  'watch:rules': {},
  'watch:set-rules': DEFAULT_GUARDRAILS,
  'watch:booking-price': { bookingId: 'SB10000001' }
}

/** A fixed valid output per watch command. */
export const WATCH_ANSWERS: { [C in CommandOf<'watch'>]: Awaited<ReturnType<Handlers[C]>> } = {
  'watch:alerts': {
    items: [],
    total: 0,
    counts: { new: 0, seen: 0, dismissed: 0 },
    lastRunAt: null
  },
  'watch:set-status': { changed: 1 },
  'watch:check': {
    id: 1,
    outcome: 'still-bookable',
    words: 'Sat, Aug 14, 2027 is still bookable at the service.',
    checkedAt: 1_790_000_000_000,
    nights: [{ date: '2027-08-14', available: true, priceCents: 12000, minStay: 3 }],
    bookingStatus: 'confirmed',
    unreachable: false
  },
  'watch:rules': DEFAULT_GUARDRAILS,
  'watch:set-rules': { saved: true },
  'watch:booking-price': {
    bookingId: 'SB10000001',
    listingId: 100001,
    listingName: 'Villa Alba',
    from: '2027-08-14',
    to: '2027-08-16',
    madeAt: 1_790_000_000_000,
    madeOn: '2026-09-21',
    madeFrom: 'payment-date',
    historyStartsAt: 1_789_000_000_000,
    verdict: 'same',
    summary: 'The rates of the day give the booking’s total.',
    lines: [
      {
        key: 'total',
        label: 'Total',
        cents: 24000,
        bookingCents: 24000,
        subtotal: true,
        note: null
      }
    ],
    nights: [
      { date: '2027-08-14', cents: 12000, nowCents: 12000 },
      { date: '2027-08-15', cents: 12000, nowCents: 13000 }
    ],
    differences: [],
    unknowns: [],
    changesRolledBack: 1,
    ratesSeenAt: 1_790_000_000_000
  }
}
