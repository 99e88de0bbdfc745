import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppCore } from '../context'
import { availabilityMisses, liveAvailability, searchAvailability } from './search'

/**
 * Which listings can be booked for a stay, from the active profile's offline copy, and why the
 * others can't; availability:live asks the service.
 */
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
