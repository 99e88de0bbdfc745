import type { DomainHandlers } from '@shared/ipc/contract'
import { DEFAULT_NOTIFY_KINDS } from '@shared/notify/settings.schema'
import type { AppContext } from '../context'

// Interim: the settings store replaces these answers (the slice is final).
export function notifyHandlers(ctx: AppContext): DomainHandlers<'notify'> {
  void ctx
  return {
    'notify:settings': async () => ({ kinds: DEFAULT_NOTIFY_KINDS, scope: 'app', supported: true }),
    'notify:set': async ({ kind, enabled }) => ({
      kinds: { ...DEFAULT_NOTIFY_KINDS, [kind]: enabled },
      scope: 'app',
      supported: true
    })
  }
}
