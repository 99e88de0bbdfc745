import type { AppInfo, DomainHandlers } from '@shared/ipc/contract'
import type { AppCore } from '../core'

export function appHandlers(
  core: AppCore,
  about: Pick<AppInfo, 'version' | 'dataDir' | 'notice'>
): DomainHandlers<'app'> {
  return {
    'app:info': async () => {
      const active = core.profiles.active()
      return { ...about, profile: { id: active.id, name: active.name, kind: active.kind } }
    }
  }
}
