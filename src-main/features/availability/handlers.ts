import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'
import { availabilityMisses, liveAvailability, searchAvailability } from './search'

/**
 * Which listings can be booked for a stay, from the active profile's offline copy, and why the
 * others can't; availability:live asks the service.
 */
export function availabilityHandlers(ctx: AppContext): DomainHandlers<'availability'> {
  return {
    'availability:search': async (input) =>
      searchAvailability(await ctx.mirror(), input, ctx.today()),
    'availability:misses': async (input) =>
      availabilityMisses(await ctx.mirror(), input, ctx.today()),
    'availability:live': ({ from, to }) => liveAvailability(ctx, from, to)
  }
}
