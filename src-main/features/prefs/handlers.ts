import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppCore } from '../context'

/** Screen settings (column choices, filters), kept in the active profile's offline copy. */
export function prefHandlers(core: AppCore): DomainHandlers<'prefs'> {
  const mirror = () => core.slot.get()
  return {
    'prefs:get': async ({ key }) => ({ value: ((await mirror()).kept.pref(key) ?? null) as never }),
    'prefs:set': async ({ key, value }) => {
      ;(await mirror()).kept.setPref(key, value, core.now())
      return { saved: true }
    }
  }
}
