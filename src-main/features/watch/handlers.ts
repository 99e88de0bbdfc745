import type { DomainHandlers } from '@shared/ipc/contract'
import { DEFAULT_GUARDRAILS } from '@shared/watch/alert.schema'
import type { AppContext } from '../context'

// Skeleton: the helper building the watch domain replaces these handlers.
export function watchHandlers(ctx: AppContext): DomainHandlers<'watch'> {
  void ctx
  return {
    'watch:alerts': async () => ({
      items: [],
      total: 0,
      counts: { new: 0, seen: 0, dismissed: 0 },
      lastRunAt: null
    }),
    'watch:set-status': async () => ({ changed: 0 }),
    'watch:check': async ({ id }) => ({
      id,
      outcome: 'unknown',
      words: 'Not checked yet.',
      checkedAt: Date.now(),
      nights: [],
      bookingStatus: null,
      unreachable: false
    }),
    'watch:rules': async () => DEFAULT_GUARDRAILS,
    'watch:set-rules': async () => ({ saved: false }),
    'watch:booking-price': async () => ({})
  }
}
