import { sql, type Kysely } from 'kysely'
import type { HubDatabase } from '../db/schema'
import { HUB_ENVIRONMENTS } from '../upstream'
import { eventBus, seqNumber } from './seq'

/**
 * What wakes this process's waiting event polls: a change made here (the event bus, at once),
 * or, for changes made through other hub processes on the same server, one read a second of the
 * newest event number per environment, shared by every waiting poll. Each poll reading the
 * journal and the kept bookings itself every second cost two queries per waiting desk a second:
 * a team of 50 desks, 100 queries a second for nothing to say.
 */

/** How often the newest event number is read while polls wait. */
const REREAD_MS = 1000

interface Watch {
  /** The newest event number per environment, as last read. */
  top: Map<string, number>
  timer: NodeJS.Timeout | undefined
  waiting: number
}

const watches = new WeakMap<Kysely<HubDatabase>, Watch>()

/** The newest committed event number of `env` (changes commit in number order, events/seq.ts). */
async function newestEvent(db: Kysely<HubDatabase>, env: string): Promise<number> {
  const { rows } = await sql<{ top: string | number | null }>`
    SELECT greatest(
      (SELECT max(seq) FROM hub_journal WHERE env = ${env}),
      (SELECT max(seq) FROM hub_kept_booking WHERE env = ${env})) AS top`.execute(db)
  return rows[0]?.top === null || rows[0]?.top === undefined ? 0 : seqNumber(rows[0].top)
}

function watchOf(db: Kysely<HubDatabase>): Watch {
  let watch = watches.get(db)
  if (!watch) watches.set(db, (watch = { top: new Map(), timer: undefined, waiting: 0 }))
  return watch
}

/**
 * Resolves true once `env` may have events after `since`: at this process's next change, or
 * when the shared read finds a newer number than `since`; false at the deadline or when the poll
 * is given up (the desk asks again from the same `since`, so nothing is lost by not reading).
 */
export function eventsMayFollow(
  db: Kysely<HubDatabase>,
  env: string,
  since: number,
  deadline: number,
  signal: AbortSignal
): Promise<boolean> {
  const watch = watchOf(db)
  const bus = eventBus(db)
  return new Promise((resolve) => {
    let finished = false
    const check = () => {
      if ((watch.top.get(env) ?? 0) > since) done(true)
    }
    const changed = () => done(true)
    const over = () => done(false)
    const done = (news: boolean) => {
      if (finished) return
      finished = true
      clearTimeout(timer)
      bus.off('change', changed)
      bus.off('read', check)
      signal.removeEventListener('abort', over)
      if (--watch.waiting === 0 && watch.timer) {
        clearInterval(watch.timer)
        watch.timer = undefined
        watch.top.clear()
      }
      resolve(news)
    }
    const timer = setTimeout(over, Math.max(0, deadline - Date.now()))
    bus.on('change', changed)
    bus.on('read', check)
    signal.addEventListener('abort', over)
    watch.waiting++
    watch.timer ??= setInterval(() => void readTops(db, watch), REREAD_MS).unref()
    // A number read before this poll began waiting may already be past `since`.
    check()
  })
}

/** One read for every environment a poll waits on; a failed read waits for the next tick. */
async function readTops(db: Kysely<HubDatabase>, watch: Watch): Promise<void> {
  try {
    for (const env of HUB_ENVIRONMENTS) watch.top.set(env, await newestEvent(db, env))
  } catch {
    return // the database is away: the polls answer empty at their deadline
  }
  eventBus(db).emit('read')
}
