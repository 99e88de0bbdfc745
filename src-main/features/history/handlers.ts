import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'
import { historyItems } from './history'

/** What the syncs saw change, from the active profile's offline copy. */
export function historyHandlers(ctx: AppContext): DomainHandlers<'history'> {
  return { 'history:list': async (q) => historyItems(await ctx.mirror(), q) }
}
