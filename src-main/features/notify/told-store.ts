import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../../auth/private-files'

/** The file in the data folder that remembers which deadlines were told. */
export const NOTIFY_TOLD_FILE = 'notifications-told.json'

/** How long a told deadline is remembered after it passed: none is told once it has passed. */
const KEEP_AFTER_MS = 3_600_000

export interface ToldStore {
  has(key: string): boolean
  /** Remembers `key`, a notice of a deadline at `at` (epoch ms), and forgets long-past ones. */
  add(key: string, at: number, now: number): void
}

const Told = z.record(z.string(), z.number())

/**
 * The deadlines a desktop notification was shown for, kept across restarts so a person who
 * restarts StayDesk within the hour before a deadline is not told of it twice. A key holds the
 * profile, kind, booking id and deadline, never a guest's data. An unreadable file counts as
 * empty (a deadline may then be told again, never lost) and is replaced at the next notice; a
 * file that cannot be written leaves the notice remembered for this run.
 */
export function toldStore(
  dataDir: string,
  log: (message: string, err?: unknown) => void
): ToldStore {
  const file = join(dataDir, NOTIFY_TOLD_FILE)
  const told = new Map(Object.entries(read(file)))
  return {
    has: (key) => told.has(key),
    add: (key, at, now) => {
      told.set(key, at)
      for (const [k, when] of told) if (when < now - KEEP_AFTER_MS) told.delete(k)
      try {
        writeFileAtomic(file, `${JSON.stringify(Object.fromEntries(told), null, 2)}\n`)
      } catch (err) {
        log('the told notifications could not be saved', err)
      }
    }
  }
}

function read(file: string): Record<string, number> {
  try {
    const parsed = Told.safeParse(JSON.parse(readFileSync(file, 'utf8')))
    return parsed.success ? parsed.data : {}
  } catch {
    return {}
  }
}
