import { isOutage } from '@shared/errors'
import type { DataResource } from '@shared/ipc/data-resource.schema'
import { ApiError } from '../../api'
import type { Network } from '../../net'
import { hubClientOf, type HubClient } from '../../profiles/hub-client'

/**
 * A write made at one desk of a team appears on the others within seconds: while a team hub
 * profile is active, main long-polls the hub's team events (`/hub/v1/<env>/events`) and says
 * what changed the way it does for its own writes (`journal:changed`, the kept bookings), so
 * the open screens (journal, booking page, watch list) read again. Nothing is resynced.
 */

export interface TeamEventsDeps {
  /** The active profile's view: a team profile has `hubUrl`. */
  activeProfile(): { id: string; kind: string; hubUrl?: string }
  token(profileId: string): string | undefined
  network?: Network
  journalChanged(id: string): void
  changed(resources: DataResource[]): void
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
  stop(): Promise<void>
}

export function startTeamEvents(deps: TeamEventsDeps): TeamEvents {
  const wait = deps.waitSeconds ?? DEFAULT_WAIT_S
  const idleMs = deps.idleMs ?? DEFAULT_IDLE_MS
  const stopping = new AbortController()
  let current: { key: string; hub: HubClient; since: number | undefined } | undefined
  let heard: () => void = () => undefined
  const listening = new Promise<void>((resolve) => (heard = resolve))

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
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
        const bookings = page.events.some((e) => e.kind === 'booking')
        for (const e of page.events) {
          if (e.kind === 'journal') deps.journalChanged(String(e.entry.id))
        }
        if (bookings) deps.changed(['bookings'])
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
    async stop() {
      stopping.abort()
      await running.catch(() => undefined)
      await current?.hub.close().catch(() => undefined)
    }
  }
}
