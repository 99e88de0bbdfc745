import type { Alert } from '@shared/watch/alert.schema'
import {
  alertNotices,
  deadlineNotice,
  notifyKindOf,
  type BookingDeadline,
  type Notice
} from '@shared/notify/notice'
import { utcDateOf } from '@shared/domain/dates'
import type { Mirror } from '../../db'
import { deadlinesWithinHour } from './deadlines'
import type { NotifySettingsStore } from './settings-store'
import type { ToldStore } from './told-store'

/** Shows one desktop notification: Electron's Notification in the app, a recorder in tests. */
export type NotifyFn = (notice: Notice) => void

/** How often the kept bookings' deadlines are looked at: a deadline is told within a minute. */
const DEADLINE_CHECK_MS = 60_000

export interface Timers {
  set(fn: () => void, ms: number): unknown
  clear(handle: unknown): void
}

const realTimers: Timers = {
  set: (fn, ms) => {
    const t = setTimeout(fn, ms)
    // The notifier never keeps a process (the command line, a test) alive on its own.
    t.unref?.()
    return t
  },
  clear: (t) => clearTimeout(t as ReturnType<typeof setTimeout>)
}

export interface NotifierDeps {
  settings: NotifySettingsStore
  notify: NotifyFn
  now(): number
  /** The active profile: whose kept bookings and alerts are told. */
  profile(): { id: string; name: string }
  mirror(): Promise<Mirror>
  log(message: string, err?: unknown): void
  /**
   * When the service answered this desk's creation of a booking (the journal's 'create' write,
   * done), epoch ms; null when it was made elsewhere. Tells an on-request booking's age when
   * nothing was paid at booking.
   */
  madeHere?: (bookingId: string, profileId: string) => number | null
  /** The deadlines told, kept across restarts (told-store.ts); this run's memory without it. */
  toldDeadlines?: ToldStore
  timers?: Timers
}

/**
 * Desktop notifications of the active profile: kept bookings whose payment period or on-request
 * decision ends within the hour (looked at every minute), and the portfolio watch's new alerts
 * (told by the watch after each sync). Each kind only while its setting is on. A booking's
 * deadline is told once (the same booking and deadline never again, also after a restart when
 * the app gives a ToldStore; a new deadline is a new notice), an alert once.
 */
export class Notifier {
  private readonly told = new Set<string>()
  private timer: unknown
  private closed = false
  private readonly timers: Timers
  private readonly toldDeadlines: ToldStore

  constructor(private readonly deps: NotifierDeps) {
    this.timers = deps.timers ?? realTimers
    const told = this.told
    this.toldDeadlines = deps.toldDeadlines ?? {
      has: (key) => told.has(key),
      add: (key) => void told.add(key)
    }
  }

  /** Starts looking at deadlines: now, then every DEADLINE_CHECK_MS. */
  start(): void {
    const tick = () => {
      if (this.closed) return
      void this.checkDeadlines().finally(() => {
        if (!this.closed) this.timer = this.timers.set(tick, DEADLINE_CHECK_MS)
      })
    }
    tick()
  }

  close(): void {
    this.closed = true
    if (this.timer !== undefined) this.timers.clear(this.timer)
  }

  /** Tells the deadlines now within the hour that were not told yet; how many it told. */
  async checkDeadlines(): Promise<number> {
    const kinds = this.deps.settings.kinds()
    if (!kinds['payment-deadline'] && !kinds['on-request-decision']) return 0
    try {
      const profile = this.deps.profile()
      const mirror = await this.deps.mirror()
      if (!mirror.isOpen()) return 0
      const now = this.deps.now()
      const watch = mirror.bookings.watchList(utcDateOf(now), now)
      const awaitingDecision = watch.awaitingConfirmation.flatMap((s) => {
        const kept = mirror.bookings.get(s.id)
        const madeHere = this.deps.madeHere?.(s.id, profile.id) ?? null
        return kept ? [{ summary: s, booking: kept.booking, madeHere }] : []
      })
      const due = deadlinesWithinHour(watch.awaitingPayment, awaitingDecision, now).filter(
        (d) => kinds[d.kind]
      )
      let sent = 0
      for (const d of due) {
        const key = deadlineKey(profile.id, d)
        if (this.toldDeadlines.has(key)) continue
        this.toldDeadlines.add(key, d.at, now)
        this.show(deadlineNotice(d, profile.name))
        sent++
      }
      return sent
    } catch (err) {
      // A profile switch closing the mirror mid-look, say: the next minute looks again.
      this.deps.log('the notifier could not look at the kept bookings', err)
      return 0
    }
  }

  /**
   * New alerts of a watch pass (the watch's onNewAlerts): double-booking warnings and guardrail
   * hits, each kind while its setting is on, only the active profile's (a click opens the
   * active profile's Alerts screen). How many notifications it showed.
   */
  alertsFound = (alerts: readonly Alert[], profileId: string): number => {
    const profile = this.deps.profile()
    if (profileId !== profile.id) return 0
    const kinds = this.deps.settings.kinds()
    const fresh = alerts.filter((a) => {
      const kind = notifyKindOf(a.kind)
      const key = `${profileId}|alert|${a.id}`
      if (kind === null || !kinds[kind] || a.status !== 'new' || this.told.has(key)) return false
      this.told.add(key)
      return true
    })
    const notices = (['double-booking', 'guardrail'] as const).flatMap((kind) =>
      alertNotices(
        kind,
        fresh.filter((a) => notifyKindOf(a.kind) === kind),
        profile.name
      )
    )
    notices.forEach((n) => this.show(n))
    return notices.length
  }

  private show(notice: Notice): void {
    try {
      this.deps.notify(notice)
    } catch (err) {
      this.deps.log('a desktop notification could not be shown', err)
    }
  }
}

const deadlineKey = (profileId: string, d: BookingDeadline) =>
  `${profileId}|${d.kind}|${d.bookingId}|${d.at}`
