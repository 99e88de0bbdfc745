import type { CommandOf } from '@shared/ipc/channels'
import type { CommandInput } from '@shared/ipc/contract'
import { DEFAULT_NOTIFY_KINDS } from '@shared/notify/settings.schema'
import type { Handlers } from '../../../../../src-main/ipc/register'

/** One valid input per notify command (contract-stubs.ts joins the domains). */
export const NOTIFY_INPUTS: { [C in CommandOf<'notify'>]: CommandInput<C> } = {
  'notify:settings': {},
  'notify:set': { kind: 'payment-deadline', enabled: true }
}

/** A fixed valid output per notify command. */
export const NOTIFY_ANSWERS: { [C in CommandOf<'notify'>]: Awaited<ReturnType<Handlers[C]>> } = {
  'notify:settings': { kinds: DEFAULT_NOTIFY_KINDS, scope: 'app', supported: true },
  'notify:set': {
    kinds: { ...DEFAULT_NOTIFY_KINDS, 'payment-deadline': true },
    scope: 'app',
    supported: true
  }
}
