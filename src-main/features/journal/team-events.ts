import { BookingDetails } from '@shared/api/booking.schema'
import { isOutage } from '@shared/errors'
import type { HubEvents } from '@shared/hub/answers'
import type { DataResource } from '@shared/ipc/data-resource.schema'
import { ApiError } from '../../api'
import type { MirrorBookings } from '../../db/mirror/bookings'
import type { Network } from '../../net'
import { hubClientOf, type HubClient } from '../../profiles/hub-client'

/**
 * A write made at one desk of a team appears on the others within seconds: while a team hub
 * profile is active, main long-polls the hub's team events (`/hub/v1/<env>/events`) and says
 * what changed the way it does for its own writes (`journal:changed`, the kept bookings), so
 * the open screens (journal, booking page, watch list) read again. Nothing is resynced.
 *
 * The watch list and the recent list read this desk's kept copies, which a colleague's write
 * does not touch: a booking this desk keeps is brought up to date from the copy the event
 * carries (the hub's latest read of it), without asking the service again.
 */

export interface TeamEventsDeps {
  /** The active profile's view: a team profile has `hubUrl`. */
  activeProfile(): { id: string; kind: string; hubUrl?: string }
  token(profileId: string): string | undefined
  network?: Network
  journalChanged(id: string): void
  changed(resources: DataResource[]): void
  /**
   * The kept bookings of `profileId`'s offline copy while it is the one open, else undefined:
   * where the team's newer copies of bookings this desk keeps are written.
   */
  keptBookings?(profileId: string): Promise<Pick<MirrorBookings, 'get' | 'keep'> | undefined>
  log(message: string, err?: unknown): void
  /** How long the hub may hold a poll open, in seconds (it answers at once on a change). */
  waitSeconds?: number
  /** Between two tries when there is no team profile, or the hub could not be asked. */
  idleMs?: number
}

const DEFAULT_WAIT_S = 20
const DEFAULT_IDLE_MS = 2_000

export interface TeamEvents {
  /** Settles once this desk knows where the team's events stand and waits for the next. */
  listening: Promise<void>
  /**
   * The active profile changes: look at it at once rather than after the idle pause, so a team
   * profile listens from the moment it is chosen (a colleague's write in the pause would
   * otherwise count as before this desk looked, and never reach its lists).
   */
  wake(): void
  stop(): Promise<void>
}

type TeamCopy = Extract<HubEvents['events'][number], { kind: 'booking' }>['booking']

/**
 * Writes the team's copies of bookings this desk keeps over its own, where the team's is the
 * later read: a colleague's cancellation leaves this desk's watch and recent lists at once. A
 * booking this desk never read stays out of its lists; a copy that does not read as a booking
 * is left (this desk's next read of it brings it).
 */
async function keepTeamCopies(
  deps: TeamEventsDeps,
  profileId: string,
  copies: TeamCopy[]
): Promise<void> {
  const kept = copies.length > 0 ? await deps.keptBookings?.(profileId) : undefined
  if (!kept) return
  for (const copy of copies) {
    const mine = kept.get(copy.bookingId)
    const readAt = Date.parse(copy.keptAt)
    if (!mine || !(readAt > mine.summary.fetchedAt)) continue
    const booking = BookingDetails.safeParse(copy.details)
    if (!booking.success || booking.data.id !== copy.bookingId) continue
    kept.keep(booking.data, {
      fetchedAt: readAt,
      ...(copy.listingId !== null && { listingId: copy.listingId }),
      ...(copy.ownReference !== null && { ownReference: copy.ownReference })
    })
  }
}

export function startTeamEvents(deps: TeamEventsDeps): TeamEvents {
  const wait = deps.waitSeconds ?? DEFAULT_WAIT_S
  const idleMs = deps.idleMs ?? DEFAULT_IDLE_MS
  const stopping = new AbortController()
  let current:
    { key: string; profileId: string; hub: HubClient; since: number | undefined } | undefined
  let heard: () => void = () => undefined
  const listening = new Promise<void>((resolve) => (heard = resolve))

  let woken: () => void = () => undefined
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      woken = () => (clearTimeout(timer), resolve())
      stopping.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), {
        once: true
      })
    })

  /** The hub client of the active team profile (a new one when the profile or token changed). */
  const hubNow = async (): Promise<typeof current> => {
    const profile = deps.activeProfile()
    const token = profile.hubUrl === undefined ? undefined : deps.token(profile.id)
    const key = token === undefined ? undefined : `${profile.id} ${token}`
    if (current && current.key !== key) {
      await current.hub.close().catch(() => undefined)
      current = undefined
    }
    if (key === undefined || token === undefined || profile.hubUrl === undefined) return undefined
    current ??= {
      key,
      profileId: profile.id,
      hub: hubClientOf({ kind: profile.kind, hubUrl: profile.hubUrl }, token, {
        network: deps.network,
        // The hub holds the answer up to `wait` seconds on purpose.
        timeouts: { headersMs: (wait + 15) * 1000 }
      }),
      since: undefined
    }
    return current
  }

  /** Where the team's events stand now: what happened before this desk looked is not news. */
  const headOf = async (hub: HubClient): Promise<number> => {
    let since = 0
    for (;;) {
      const page = await hub.events(since, 0, stopping.signal)
      if (page.events.length === 0) return page.next
      since = page.next
    }
  }

  const loop = async () => {
    while (!stopping.signal.aborted) {
      const team = await hubNow()
      if (!team) {
        await pause(idleMs)
        continue
      }
      try {
        team.since ??= await headOf(team.hub)
        const asked = team.hub.events(team.since, wait, stopping.signal)
        heard()
        const page = await asked
        team.since = page.next
        const copies = page.events.flatMap((e) => (e.kind === 'booking' ? [e.booking] : []))
        await keepTeamCopies(deps, team.profileId, copies).catch((err: unknown) =>
          deps.log("the team's copies of bookings could not be kept", err)
        )
        for (const e of page.events) {
          if (e.kind === 'journal') deps.journalChanged(String(e.entry.id))
        }
        if (copies.length > 0) deps.changed(['bookings'])
      } catch (err) {
        if (stopping.signal.aborted) break
        // The hub out of reach is an outage, said where it matters (reads, writes), not an error
        // for the log; anything else is. Either way, try again soon.
        if (!(err instanceof ApiError && isOutage(err.code))) {
          deps.log('the team hub could not be asked for team events', err)
        }
        await pause(idleMs)
      }
    }
  }
  const running = loop()

  return {
    listening,
    // On the next turn: the switch that calls it saves the new active profile just after.
    wake: () => void setTimeout(() => woken(), 0),
    async stop() {
      stopping.abort()
      await running.catch(() => undefined)
      await current?.hub.close().catch(() => undefined)
    }
  }
}
