import type { CommandOf } from '@shared/ipc/channels'
import type { CommandInput } from '@shared/ipc/contract'
import type { Handlers } from '../../../../../src-main/ipc/register'

/** One valid input per downtime command (contract-stubs.ts joins the domains). */
export const DOWNTIME_INPUTS: { [C in CommandOf<'downtime'>]: CommandInput<C> } = {
  'downtime:sheet': {},
  'downtime:save-pdf': {}
}

/** A fixed valid output per downtime command. */
export const DOWNTIME_ANSWERS: { [C in CommandOf<'downtime'>]: Awaited<ReturnType<Handlers[C]>> } =
  {
    'downtime:sheet': {},
    'downtime:save-pdf': {}
  }
