import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_NOTIFY_KINDS, NotifyKinds, type NotifyKind } from '@shared/notify/settings.schema'
import { writeFileAtomic } from '../../auth/private-files'

/** The file in the data folder that says which kinds of notification are on. */
export const NOTIFY_SETTINGS_FILE = 'notifications.json'

export interface NotifySettingsStore {
  kinds(): NotifyKinds
  set(kind: NotifyKind, enabled: boolean): NotifyKinds
}

/**
 * Which kinds of desktop notification are on: one setting for the app, not per profile, since a
 * notification belongs to the desktop it pops up on (each one names its profile). Every kind is
 * off until switched on; an unreadable file (hand-edited, from a newer StayDesk) counts as all
 * off, never as a reason not to start, and is replaced at the next change.
 */
export function notifySettingsStore(dataDir: string): NotifySettingsStore {
  const file = join(dataDir, NOTIFY_SETTINGS_FILE)
  let current = read(file)
  return {
    kinds: () => current,
    set: (kind, enabled) => {
      const next = { ...current, [kind]: enabled }
      writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`)
      current = next
      return current
    }
  }
}

function read(file: string): NotifyKinds {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return DEFAULT_NOTIFY_KINDS
  }
  try {
    // Kinds a later StayDesk added are dropped; kinds missing are off.
    const parsed = NotifyKinds.partial().strip().safeParse(JSON.parse(text))
    return parsed.success ? { ...DEFAULT_NOTIFY_KINDS, ...parsed.data } : DEFAULT_NOTIFY_KINDS
  } catch {
    return DEFAULT_NOTIFY_KINDS
  }
}
