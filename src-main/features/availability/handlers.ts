import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppCore } from '../context'
import { availabilityMisses, liveAvailability, searchAvailability } from './search'
import { calendarMonths, pricingRules, stayEstimate, timelineRows } from '../calendar/calendar'
import { historyItems } from '../history/history'

/**
 * The property manager's desk: availability search, the rate calendar and timeline, change
 * history and screen settings, all from the active profile's offline copy (availability:live
 * asks the service).
 */

export function prefHandlers(core: AppCore): DomainHandlers<'prefs'> {
  const mirror = () => core.slot.get()
  return {
    'prefs:get': async ({ key }) => ({ value: ((await mirror()).kept.pref(key) ?? null) as never }),
    'prefs:set': async ({ key, value }) => {
      ;(await mirror()).kept.setPref(key, value, core.now())
      return { saved: true }
    }
  }
}

export function availabilityHandlers(core: AppCore): DomainHandlers<'availability'> {
  const mirror = () => core.slot.get()
  return {
    'availability:search': async (input) =>
      searchAvailability(await mirror(), input, core.desk.today()),
    'availability:misses': async (input) =>
      availabilityMisses(await mirror(), input, core.desk.today()),
    'availability:live': ({ from, to }) => liveAvailability(core.desk, from, to)
  }
}

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

export function historyHandlers(core: AppCore): DomainHandlers<'history'> {
  return { 'history:list': async (q) => historyItems(await core.slot.get(), q) }
}
