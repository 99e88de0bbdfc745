import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppCore } from '../context'
import { historyItems } from './history'

/** What the syncs saw change, from the active profile's offline copy. */
export function historyHandlers(core: AppCore): DomainHandlers<'history'> {
  return { 'history:list': async (q) => historyItems(await core.slot.get(), q) }
}
