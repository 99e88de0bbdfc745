import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'
import { bookingPriceAtBooking } from './booking-price'
import { watchOf } from './watch'

/**
 * The watch domain: alerts of the active profile (kept beside its mirror), their status, the
 * guardrails, and a live check of one alert. 'watch:booking-price' is price at booking's
 * (booking-price.ts).
 */
export function watchHandlers(ctx: AppContext): DomainHandlers<'watch'> {
  const watch = watchOf(ctx)
  return {
    'watch:alerts': (q) => watch.list(q),
    'watch:set-status': async ({ ids, status }) => ({
      changed: await watch.setStatus(ids, status)
    }),
    'watch:check': ({ id }) => watch.check(id),
    'watch:rules': () => watch.rules(),
    'watch:set-rules': async (rules) => {
      await watch.setRules(rules)
      return { saved: true }
    },
    'watch:booking-price': (q) => bookingPriceAtBooking(ctx, q)
  }
}
