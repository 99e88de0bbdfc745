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
  'watch:booking-price': {}
}
