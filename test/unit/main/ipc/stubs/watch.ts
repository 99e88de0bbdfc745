import type { CommandOf } from '@shared/ipc/channels'
import type { CommandInput } from '@shared/ipc/contract'
import type { Handlers } from '../../../../../src-main/ipc/register'

/** One valid input per watch command (contract-stubs.ts joins the domains). */
export const WATCH_INPUTS: { [C in CommandOf<'watch'>]: CommandInput<C> } = {
  'watch:alerts': {},
  'watch:set-status': {},
  'watch:check': {},
  'watch:rules': {},
  'watch:set-rules': {},
  'watch:gaps': {},
  'watch:booking-price': {}
}

/** A fixed valid output per watch command. */
export const WATCH_ANSWERS: { [C in CommandOf<'watch'>]: Awaited<ReturnType<Handlers[C]>> } = {
  'watch:alerts': {},
  'watch:set-status': {},
  'watch:check': {},
  'watch:rules': {},
  'watch:set-rules': {},
  'watch:gaps': {},
  'watch:booking-price': {}
}
