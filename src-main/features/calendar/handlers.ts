import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppCore } from '../context'
import { calendarMonths, pricingRules, stayEstimate, timelineRows } from './calendar'

/** The rate calendar and the timeline, from the active profile's offline copy. */
export function calendarHandlers(core: AppCore): DomainHandlers<'calendar'> {
  const mirror = () => core.slot.get()
  return {
    'calendar:months': async ({ listingId, from, count }) =>
      calendarMonths(await mirror(), listingId, from, count),
    'calendar:rules': async ({ listingId }) => pricingRules(await mirror(), listingId),
    'calendar:stay': async (input) => stayEstimate(await mirror(), input, core.desk.today()),
    'calendar:timeline': async (input) => timelineRows(await mirror(), input)
  }
}
