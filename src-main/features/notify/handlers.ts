import type { DomainHandlers } from '@shared/ipc/contract'
import type { NotifySettingsStore } from './settings-store'

/** Which desktop notifications are on (app-wide), and whether this system shows any. */
export function notifyHandlers(
  settings: NotifySettingsStore,
  supported: boolean,
  /** A kind switched on: its deadlines are looked at now, not at the next minute. */
  changed: () => void = () => undefined
): DomainHandlers<'notify'> {
  const answer = () => ({ kinds: settings.kinds(), scope: 'app' as const, supported })
  return {
    'notify:settings': async () => answer(),
    'notify:set': async ({ kind, enabled }) => {
      settings.set(kind, enabled)
      changed()
      return answer()
    }
  }
}
