import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'

// Skeleton: the helper building the notify domain replaces these handlers.
export function notifyHandlers(ctx: AppContext): DomainHandlers<'notify'> {
  void ctx
  return {
    'notify:settings': async () => ({}),
    'notify:set': async () => ({})
  }
}
