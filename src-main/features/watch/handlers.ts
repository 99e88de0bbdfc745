import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'

// Skeleton: the helper building the watch domain replaces these handlers.
export function watchHandlers(ctx: AppContext): DomainHandlers<'watch'> {
  void ctx
  return {
    'watch:alerts': async () => ({}),
    'watch:set-status': async () => ({}),
    'watch:check': async () => ({}),
    'watch:rules': async () => ({}),
    'watch:set-rules': async () => ({}),
    'watch:gaps': async () => ({}),
    'watch:booking-price': async () => ({})
  }
}
