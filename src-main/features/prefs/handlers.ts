import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'

/** Screen settings (column choices, filters), kept in the active profile's offline copy. */
export function prefHandlers(ctx: AppContext): DomainHandlers<'prefs'> {
  return {
    'prefs:get': async ({ key }) => ({
      value: ((await ctx.mirror()).kept.pref(key) ?? null) as never
    }),
    'prefs:set': async ({ key, value }) => {
      ;(await ctx.mirror()).kept.setPref(key, value, ctx.now())
      return { saved: true }
    }
  }
}
