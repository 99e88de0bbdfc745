import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'

// Skeleton: the helper building the overview domain replaces these handlers.
export function overviewHandlers(ctx: AppContext): DomainHandlers<'overview'> {
  void ctx
  return {
    'overview:get': async () => ({}),
    'overview:gaps': async () => ({}),
    'overview:export': async () => ({})
  }
}
