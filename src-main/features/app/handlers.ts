import type { AppInfo } from '@shared/ipc/app.schema'
import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'

const runtime = (): AppInfo['runtime'] => ({
  electron: process.versions.electron ?? null,
  chrome: process.versions.chrome ?? null,
  node: process.versions.node,
  platform: process.platform,
  arch: process.arch
})

export function appHandlers(
  ctx: AppContext,
  about: Pick<AppInfo, 'version' | 'dataDir' | 'notice' | 'build'>
): DomainHandlers<'app'> {
  return {
    'app:info': async () => {
      const active = ctx.profiles.active()
      return {
        ...about,
        runtime: runtime(),
        profile: {
          id: active.id,
          name: active.name,
          kind: active.kind,
          // For the demo, the embedded service's address this run (a new loopback port each).
          baseUrl: active.baseUrl,
          salesChannel: active.salesChannel
        }
      }
    }
  }
}
