import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'

// Skeleton: the helper building the downtime domain replaces these handlers.
export function downtimeHandlers(ctx: AppContext): DomainHandlers<'downtime'> {
  void ctx
  return {
    'downtime:sheet': async () => ({}),
    'downtime:save-pdf': async () => ({})
  }
}
