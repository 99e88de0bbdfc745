import type { CommandOf } from '@shared/ipc/channels'
import type { CommandInput } from '@shared/ipc/contract'
import type { Handlers } from '../../../../../src-main/ipc/register'

/** One valid input per overview command (contract-stubs.ts joins the domains). */
export const OVERVIEW_INPUTS: { [C in CommandOf<'overview'>]: CommandInput<C> } = {
  'overview:get': {},
  'overview:gaps': {},
  'overview:export': {}
}

/** A fixed valid output per overview command. */
export const OVERVIEW_ANSWERS: { [C in CommandOf<'overview'>]: Awaited<ReturnType<Handlers[C]>> } =
  {
    'overview:get': {},
    'overview:gaps': {},
    'overview:export': {}
  }
