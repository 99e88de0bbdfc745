import { z } from 'zod'
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool
} from 'kysely'
import { isoDate } from '@shared/api'
import { JOURNAL_ACTIONS, SettleInput } from '@shared/ipc/journal.schema'
import { addDays } from '@shared/domain/dates'
import type { HubDatabase, HubWriteOutcome } from '../db/schema'
import { HubInputError } from '../errors'
import { announceChange, nextSeq, seqNumber } from '../events/seq'
import type { WriteRecord } from './store'

/** The journal read by desks: filtered, newest first, paged by id; and settling by hand. */

/** One journal row as desks read it. */
export interface JournalEntry extends Pick<
  WriteRecord,
  'action' | 'target' | 'bookingId' | 'listingId' | 'ownReference' | 'request'
> {
  id: number
  seq: number
  env: string
  user: string
  sentAt: string
  answeredAt: string | null
  status: number | null
  answer: unknown
  message: string | null
  outcome: HubWriteOutcome
  settlement: { at: string; by: string; result: 'done' | 'not-done'; note: string } | null
}

type Row = Selectable<HubDatabase['hub_journal']> & { user_name: string; settler: string | null }

function entryOf(row: Row): JournalEntry {
  return {
    id: row.id,
    seq: seqNumber(row.seq),
    env: row.env,
    user: row.user_name,
    action: row.action,
    target: row.target,
    bookingId: row.booking_id,
    listingId: row.listing_id,
    ownReference: row.own_reference,
    request: row.request,
    sentAt: row.sent_at.toISOString(),
    answeredAt: row.answered_at?.toISOString() ?? null,
    status: row.status,
    answer: row.answer ?? null,
    message: row.message,
    outcome: row.outcome,
    settlement:
      row.settled_at && row.settled_result
        ? {
            at: row.settled_at.toISOString(),
            by: row.settler ?? '',
            result: row.settled_result,
            note: row.settled_note ?? ''
          }
        : null
  }
}

/** The journal's rows with the names of who wrote and who settled. */
function journalRows(db: Kysely<HubDatabase>) {
  return db
    .selectFrom('hub_journal as j')
    .innerJoin('hub_user as u', 'u.id', 'j.user_id')
    .leftJoin('hub_user as s', 's.id', 'j.settled_by')
    .selectAll('j')
    .select(['u.name as user_name', 's.name as settler'])
}

async function journalEntry(
  db: Kysely<HubDatabase>,
  env: string,
  id: number
): Promise<JournalEntry | undefined> {
  const row = await journalRows(db)
    .where('j.env', '=', env)
    .where('j.id', '=', id)
    .executeTakeFirst()
  return row && entryOf(row)
}

const OUTCOMES = ['sending', 'done', 'refused', 'unknown', 'not-sent'] as const

export const JournalQuery = z
  .object({
    user: z.string().trim().min(1).max(64).optional(),
    action: z.enum(JOURNAL_ACTIONS).optional(),
    outcome: z.enum(OUTCOMES).optional(),
    /** A booking id or own reference. */
    booking: z.string().trim().min(1).max(100).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    /** Rows older than this id (the previous page's `next`). */
    before: z.coerce.number().int().positive().optional(),
    /**
     * Matching rows to skip first: a screen showing page N of the filtered journal asks for it
     * directly, where walking `next` would read every page before it.
     */
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0)
  })
  .strict()
type JournalQuery = z.infer<typeof JournalQuery>

type JournalFilter = Omit<JournalQuery, 'limit' | 'before' | 'offset'>

/**
 * The filter's conditions on `j` alone (the person by a subquery, not a join), so the page and
 * its count share them and the count reads the journal without joining its users (at 100,000
 * rows in PGlite the first page with its count took 50 to 72 ms against 135 ms with the joined
 * count, in separate runs on a loaded machine).
 */
function conditions(
  eb: ExpressionBuilder<HubDatabase & { j: HubDatabase['hub_journal'] }, 'j'>,
  env: string,
  q: JournalFilter
) {
  const all: Expression<SqlBool>[] = [eb('j.env', '=', env)]
  if (q.user !== undefined) {
    const named = eb
      .selectFrom('hub_user as w')
      .select('w.id')
      .where(sql`lower(w.name)`, '=', q.user.toLowerCase())
    all.push(eb('j.user_id', 'in', named))
  }
  if (q.action !== undefined) all.push(eb('j.action', '=', q.action))
  if (q.outcome !== undefined) all.push(eb('j.outcome', '=', q.outcome))
  if (q.booking !== undefined) {
    all.push(eb.or([eb('j.booking_id', '=', q.booking), eb('j.own_reference', '=', q.booking)]))
  }
  if (q.from !== undefined) all.push(eb('j.sent_at', '>=', new Date(`${q.from}T00:00:00Z`)))
  if (q.to !== undefined) {
    all.push(eb('j.sent_at', '<', new Date(`${addDays(q.to, 1)}T00:00:00Z`)))
  }
  return eb.and(all)
}

/**
 * A page of the journal, newest first; `next` is the `before` of the following page, and
 * `total` how many rows match the filter (ignoring `before` and `offset`), so a screen can say
 * how many there are and page through all of them.
 */
export async function listJournal(
  db: Kysely<HubDatabase>,
  env: string,
  q: JournalQuery
): Promise<{ items: JournalEntry[]; next: number | null; total: number }> {
  const [rows, count] = await Promise.all([
    journalRows(db)
      .where((eb) => conditions(eb, env, q))
      .$if(q.before !== undefined, (s) => s.where('j.id', '<', q.before!))
      .orderBy('j.id', 'desc')
      .limit(q.limit + 1)
      .offset(q.offset)
      .execute(),
    db
      .selectFrom('hub_journal as j')
      .where((eb) => conditions(eb, env, q))
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow()
  ])
  const items = rows.slice(0, q.limit).map(entryOf)
  return {
    items,
    next: rows.length > q.limit ? items[items.length - 1].id : null,
    total: Number(count.n)
  }
}

/** Every write on a booking, by anyone, oldest first: by its id or its own reference. */
export async function writesOnBooking(
  db: Kysely<HubDatabase>,
  env: string,
  bookingId: string,
  ownReference: string | null
): Promise<JournalEntry[]> {
  const keys = [bookingId, ...(ownReference ? [ownReference] : [])]
  const rows = await journalRows(db)
    .where('j.env', '=', env)
    .where((eb) =>
      eb.or([
        eb('j.booking_id', 'in', keys),
        eb('j.own_reference', 'in', keys),
        eb('j.target', '=', `booking:${bookingId}`)
      ])
    )
    .orderBy('j.id', 'asc')
    .limit(1000)
    .execute()
  return rows.map(entryOf)
}

export const SettleBody = SettleInput.omit({ id: true })

/**
 * Records how a write whose outcome was unknown was settled: what the agent found (`done` or
 * `not-done`), their note, who and when. Nothing is sent. Only an unknown write, and only once.
 */
export async function settleWrite(
  db: Kysely<HubDatabase>,
  env: string,
  id: number,
  by: number,
  input: z.infer<typeof SettleBody>
): Promise<JournalEntry> {
  const entry = await journalEntry(db, env, id)
  if (!entry) throw new HubInputError(`No write ${id} in the ${env} journal`)
  if (entry.outcome !== 'unknown') {
    throw new SettleRefused(
      `Write ${id} is ${entry.outcome}, not unknown: only a write whose outcome is unknown is settled by hand`
    )
  }
  if (entry.settlement) {
    throw new SettleRefused(
      `Write ${id} was already settled by ${entry.settlement.by} at ${entry.settlement.at}`
    )
  }
  const updated = await db.transaction().execute(async (trx) => {
    const seq = await nextSeq(trx)
    return trx
      .updateTable('hub_journal')
      .set({
        settled_at: new Date(),
        settled_by: by,
        settled_result: input.result,
        settled_note: input.note,
        seq
      })
      .where('id', '=', id)
      .where('settled_at', 'is', null)
      .executeTakeFirst()
  })
  if (Number(updated.numUpdatedRows) === 0) {
    throw new SettleRefused(`Write ${id} was settled by someone else a moment ago`)
  }
  announceChange(db)
  return (await journalEntry(db, env, id))!
}

/** A settlement the journal's state refuses: 409 with the sentence. */
export class SettleRefused extends Error {}

/** Journal rows changed after event number `since`, in order (events/routes.ts). */
export async function journalSince(
  db: Kysely<HubDatabase>,
  env: string,
  since: number,
  limit: number
): Promise<JournalEntry[]> {
  const rows = await journalRows(db)
    .where('j.env', '=', env)
    .where('j.seq', '>', since)
    .orderBy('j.seq')
    .limit(limit)
    .execute()
  return rows.map(entryOf)
}
