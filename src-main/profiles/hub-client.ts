import type { z } from 'zod'
import {
  HubBookingWrites,
  HubBookingsPage,
  HubEvents,
  HubJournalEntry,
  HubJournalPage,
  HubWhoami
} from '@shared/hub/answers'
import { checkBaseUrl, checkToken } from '../api/base-url'
import { throughHub } from '../api/client'
import { createTransport, DEFAULT_TIMEOUTS, type LogFn } from '../api/http'
import { parseOrThrow } from '../api/validate'
import type { Network, Timeouts } from '../net'

/**
 * The team hub's own endpoints (`/hub/v1/...`, docs/hub.md) for a hub profile, with the
 * personal hub token. The service's interface under `<hub>/<env>/v1` stays with the API client;
 * this is what only a hub answers: who the token is, the team's journal, kept bookings, events.
 * Same transport as the service client (one dispatcher, token only to the hub's origin, logs
 * scrubbed), and every answer read through the shared schemas the hub answers with.
 */

export interface HubJournalQuery {
  user?: string
  action?: string
  outcome?: string
  booking?: string
  from?: string
  to?: string
  limit?: number
  before?: number
  /** Matching rows to skip (a screen's page N); with `before`, skipped after it. */
  offset?: number
}

export interface HubClient {
  whoami(signal?: AbortSignal): Promise<HubWhoami>
  journal(query: HubJournalQuery, signal?: AbortSignal): Promise<HubJournalPage>
  bookingWrites(idOrReference: string, signal?: AbortSignal): Promise<HubBookingWrites>
  settle(id: number, result: 'done' | 'not-done', note: string): Promise<HubJournalEntry>
  bookings(
    q: string,
    page?: { limit?: number; offset?: number },
    signal?: AbortSignal
  ): Promise<HubBookingsPage>
  /** Changes after `since`; with `wait`, the hub holds the answer up to that many seconds. */
  events(since: number, wait: number, signal?: AbortSignal): Promise<HubEvents>
  close(): Promise<void>
}

export interface HubClientOptions {
  /** The hub's address as the profile holds it (https://hub.example.com). */
  hubUrl: string
  env: 'test' | 'production'
  token: string
  timeouts?: Partial<Timeouts>
  log?: LogFn
  network?: Network
}

const seg = (value: string | number): string => encodeURIComponent(String(value))

function queryOf(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The hub client of a team profile (its view: hub address and kind) with its hub token. */
export function hubClientOf(
  profile: { hubUrl: string; kind: string },
  token: string,
  extra: Pick<HubClientOptions, 'network' | 'timeouts'> = {}
): HubClient {
  return createHubClient({
    hubUrl: profile.hubUrl,
    env: profile.kind === 'production' ? 'production' : 'test',
    token,
    ...extra
  })
}

function createHubClient(opts: HubClientOptions): HubClient {
  const { origin, root } = checkBaseUrl(opts.hubUrl)
  checkToken(opts.token)
  const timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts }
  const transport = throughHub(
    createTransport(origin, opts.token, timeouts, opts.log, opts.network),
    true
  )
  const api = `${root}/hub/v1`
  const env = `${api}/${opts.env}`

  const read = async <S extends z.ZodType>(
    url: string,
    schema: S,
    signal?: AbortSignal
  ): Promise<z.infer<S>> =>
    parseOrThrow(schema, (await transport.send({ method: 'GET', url, signal })).body)

  return {
    whoami: (signal) => read(`${api}/whoami`, HubWhoami, signal),
    journal: (q, signal) => read(`${env}/journal${queryOf({ ...q })}`, HubJournalPage, signal),
    bookingWrites: (idOrReference, signal) =>
      read(`${env}/bookings/${seg(idOrReference)}/writes`, HubBookingWrites, signal),
    async settle(id, result, note) {
      const res = await transport.send({
        method: 'POST',
        url: `${env}/journal/${seg(id)}/settle`,
        body: { result, note },
        write: {
          unknownMessage: 'The settlement may not have been recorded: read the journal again.',
          unverifiedMessage: 'The team hub recorded the settlement, but its answer was unreadable.'
        }
      })
      return parseOrThrow(HubJournalEntry, res.body)
    },
    bookings: (q, page = {}, signal) =>
      read(`${env}/bookings${queryOf({ q, ...page })}`, HubBookingsPage, signal),
    events: (since, wait, signal) =>
      read(`${env}/events${queryOf({ since, wait })}`, HubEvents, signal),
    close: () => transport.close()
  }
}
