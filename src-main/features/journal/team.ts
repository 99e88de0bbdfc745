import type { HubJournalEntry } from '@shared/hub/answers'
import type {
  JournalEntry,
  JournalFilter,
  SettleInput,
  JOURNAL_OUTCOMES
} from '@shared/ipc/journal.schema'
import { AppError } from '../../errors'
import { hubClientOf, type HubClient, type HubJournalQuery } from '../../profiles/hub-client'
import type { AppContext } from '../context'
import { teamCsv } from './team-csv'

/**
 * The Journal screen and the booking page on a team hub profile: the team's shared journal, read
 * from the hub (every write by anyone, with who sent it), and a write settled there, where the
 * whole team sees it. In the journal's own shape, so the same screens show it.
 */

/** The most rows one answer of the hub carries (its journal's own limit). */
const HUB_PAGE_MAX = 1000

/** The screen's page when it names none: the desk's own journal's default (journal/query.ts). */
const DEFAULT_ROWS = 200

type Outcome = (typeof JOURNAL_OUTCOMES)[number]

/** The active profile's hub, or undefined for a profile that talks to the service directly. */
export function activeHub(ctx: AppContext): { hubUrl: string; profileId: string } | undefined {
  const profile = ctx.profiles.active()
  return profile.hubUrl === undefined
    ? undefined
    : { hubUrl: profile.hubUrl, profileId: profile.id }
}

/** Runs `run` with a hub client for the active team profile, closed afterwards. */
export async function withHub<T>(ctx: AppContext, run: (hub: HubClient) => Promise<T>): Promise<T> {
  const profile = ctx.profiles.active()
  const token = ctx.profiles.token(profile.id)
  if (profile.hubUrl === undefined) throw new AppError('bad-input', 'This profile has no team hub.')
  if (!token) {
    throw new AppError(
      'unauthorized',
      'No hub token is set for this profile: set one on the Profiles screen.'
    )
  }
  const hub = hubClientOf({ ...profile, hubUrl: profile.hubUrl }, token, {
    network: ctx.network
  })
  try {
    return await run(hub)
  } finally {
    await hub.close().catch(() => undefined)
  }
}

function entryOf(ctx: AppContext, e: HubJournalEntry): JournalEntry {
  const profile = ctx.profiles.active()
  return {
    id: String(e.id),
    action: e.action,
    profileId: profile.id,
    profileName: profile.name,
    profileKind: profile.kind,
    bookingId: e.bookingId,
    listingId: e.listingId,
    ownReference: e.ownReference,
    sentAt: Date.parse(e.sentAt),
    answeredAt: e.answeredAt === null ? null : Date.parse(e.answeredAt),
    // A row still `sending` at the hub is what the desk's journal calls pending.
    outcome: e.outcome === 'sending' ? 'pending' : e.outcome,
    message: e.message,
    sent: e.request,
    received: e.answer,
    settlement:
      e.settlement === null
        ? null
        : {
            at: Date.parse(e.settlement.at),
            result: e.settlement.result,
            note: e.settlement.note,
            profileName: profile.name,
            by: e.settlement.by
          },
    user: e.user
  }
}

const HUB_OUTCOME: Record<Outcome, string> = {
  done: 'done',
  refused: 'refused',
  unknown: 'unknown',
  'not-sent': 'not-sent',
  pending: 'sending'
}

/** The screen's filter as the hub's journal takes it (`profileId` means nothing there). */
function hubQueryOf(filter: JournalFilter): HubJournalQuery {
  return {
    user: filter.user || undefined,
    action: filter.action,
    outcome: filter.outcome && HUB_OUTCOME[filter.outcome],
    booking: filter.booking?.trim() || undefined,
    from: filter.from,
    to: filter.to
  }
}

/** Every row of the team's journal matching `q`, newest first, page after page. */
async function* everyTeamRow(hub: HubClient, q: HubJournalQuery): AsyncGenerator<HubJournalEntry> {
  let before: number | undefined
  for (;;) {
    const page = await hub.journal({ ...q, limit: HUB_PAGE_MAX, before })
    yield* page.items
    if (page.next === null) return
    before = page.next
  }
}

/**
 * The team's journal for the screen's filter, newest first: the screen's page as the hub cuts
 * it (by offset, so page 30 costs one request), and how many rows match in all. A hub from
 * before the count was added says none: its rows are then counted page by page.
 */
export async function teamJournal(
  ctx: AppContext,
  filter: JournalFilter
): Promise<{ total: number; items: JournalEntry[] }> {
  const q = hubQueryOf(filter)
  const offset = filter.offset ?? 0
  return withHub(ctx, async (hub) => {
    const page = await hub.journal({
      ...q,
      limit: filter.limit ?? DEFAULT_ROWS,
      // Sent only when there is something to skip: a hub from before it refuses the name.
      offset: offset > 0 ? offset : undefined
    })
    let total = page.total
    if (total === undefined) {
      total = 0
      for await (const _ of everyTeamRow(hub, q)) total++
    }
    return { total, items: page.items.map((e) => entryOf(ctx, e)) }
  })
}

/**
 * The team's journal for the filter as CSV (journal:export on a team profile): every matching
 * row, whoever sent it, with its sender in the "By" column.
 */
export async function teamJournalCsv(
  ctx: AppContext,
  filter: JournalFilter
): Promise<{ text: string; rows: number }> {
  return withHub(ctx, async (hub) => teamCsv(everyTeamRow(hub, hubQueryOf(filter))))
}

/** Settles a write of the team's journal at the hub, where everyone sees the settlement. */
export async function settleTeamWrite(ctx: AppContext, input: SettleInput): Promise<JournalEntry> {
  if (!/^\d{1,9}$/.test(input.id)) {
    throw new AppError('not-found', 'This write is not in the team journal.')
  }
  const entry = await withHub(ctx, (hub) => hub.settle(Number(input.id), input.result, input.note))
  ctx.log(`team write ${entry.id} (${entry.action}) settled by hand as ${input.result}`)
  ctx.journalChanged(String(entry.id))
  return entryOf(ctx, entry)
}
