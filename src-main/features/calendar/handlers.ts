import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'
import { calendarMonths, pricingRules, stayEstimate, timelineRows } from './calendar'

/** The rate calendar and the timeline, from the active profile's offline copy. */
export function calendarHandlers(ctx: AppContext): DomainHandlers<'calendar'> {
  return {
    'calendar:months': async ({ listingId, from, count }) =>
      calendarMonths(await ctx.mirror(), listingId, from, count),
    'calendar:rules': async ({ listingId }) => pricingRules(await ctx.mirror(), listingId),
    'calendar:stay': async (input) => stayEstimate(await ctx.mirror(), input, ctx.today()),
    'calendar:timeline': async (input) => timelineRows(await ctx.mirror(), input)
  }
}
