import type { HubJournalEntry } from '@shared/hub/answers'
import type {
  JournalEntry,
  JournalFilter,
  SettleInput,
  JOURNAL_OUTCOMES
} from '@shared/ipc/journal.schema'
import { AppError } from '../../errors'
import { hubClientOf, type HubClient } from '../../profiles/hub-client'
import type { AppContext } from '../context'

/**
 * The Journal screen and the booking page on a team hub profile: the team's shared journal, read
 * from the hub (every write by anyone, with who sent it), and a write settled there, where the
 * whole team sees it. In the journal's own shape, so the same screens show it.
 */

/** One request for the screen's whole filtered list: its pages are cut here. */
const TEAM_ROWS = 1000

type Outcome = (typeof JOURNAL_OUTCOMES)[number]

/** The active profile's hub, or undefined for a profile that talks to the service directly. */
export function activeHub(ctx: AppContext): { hubUrl: string; profileId: string } | undefined {
  const profile = ctx.profiles.active()
  return profile.hubUrl === undefined
    ? undefined
    : { hubUrl: profile.hubUrl, profileId: profile.id }
}

async function withHub<T>(ctx: AppContext, run: (hub: HubClient) => Promise<T>): Promise<T> {
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

/** The team's journal for the screen's filter, newest first, paged as the desk's is. */
export async function teamJournal(
  ctx: AppContext,
  filter: JournalFilter
): Promise<{ total: number; items: JournalEntry[] }> {
  const page = await withHub(ctx, (hub) =>
    hub.journal({
      user: filter.user || undefined,
      action: filter.action,
      outcome: filter.outcome && HUB_OUTCOME[filter.outcome],
      booking: filter.booking?.trim() || undefined,
      from: filter.from,
      to: filter.to,
      limit: TEAM_ROWS
    })
  )
  const offset = filter.offset ?? 0
  const rows = page.items.slice(offset, offset + (filter.limit ?? page.items.length))
  return { total: page.items.length, items: rows.map((e) => entryOf(ctx, e)) }
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
