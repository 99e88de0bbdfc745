import { sql, type Kysely, type Transaction } from 'kysely'
import type { JournalAction } from '@shared/hub/journal'
import type { HubDatabaseKind } from '../db/connect'
import type { HubDatabase, HubWriteOutcome } from '../db/schema'
import { announceChange, nextSeq } from '../events/seq'
import type { HubEnvironment } from '../upstream'

/**
 * The team's shared journal of writes (hub_journal): a row inserted and committed before the
 * write leaves for the service, completed when its answer comes, so that a hub stopped in
 * between leaves a row that says so (`sending`, made `unknown` at the next start), never a write
 * nobody knows was sent.
 *
 * One write per target (a booking, a listing) is on its way per environment: the check and the
 * insert run in one transaction under an advisory lock on the target, and a unique partial index
 * on the rows still `sending` holds it in SQL too, so two hub processes on one PostgreSQL server
 * send one cancellation between them.
 *
 * On a PostgreSQL server the write's row is also held by a session advisory lock of the
 * connection that sends it, from before its insert commits until its answer is recorded: a
 * sweep by any hub (at start, then every minute) makes `unknown` only the `sending` rows whose
 * lock is free, that is whose hub died. The embedded database belongs to one process at a time
 * (db/data-lock.ts), so at its start every `sending` row is such a row.
 */

/** Namespace of the per-write session locks (two-int advisory keys never meet one-bigint keys). */
const WRITE_LOCKS = 5361

/**
 * How long after a cancellation or a payment of a booking was done (or may have been) through
 * the hub another one is refused with who made it: long enough for two agents working on the
 * same guest's call, short enough not to stand in the way of a later, deliberate one.
 */
const RECENT_MINUTES = 10

export interface WriteRecord {
  env: HubEnvironment
  userId: number
  action: JournalAction
  target: string
  bookingId: string | null
  listingId: number | null
  ownReference: string | null
  /** Already keepable (journal/keepable.ts). */
  request: unknown
}

export interface WriteCompletion {
  outcome: Exclude<HubWriteOutcome, 'sending'>
  /** The service's HTTP status, when it answered. */
  status: number | null
  /** What came back, keepable. */
  answer: unknown
  message: string | null
  /** A booking id the answer revealed (a create). */
  bookingId?: string | null
}

/** The write already on its way (or just done) that stops this one. */
export interface WriteConflict {
  journalId: number
  user: string
  action: JournalAction
  target: string
  sentAt: Date
  outcome: HubWriteOutcome
}

/** Inserts the write's row unless another write stops it; in `trx`, under the target's lock. */
async function insertUnlessConflict(
  trx: Transaction<HubDatabase>,
  record: WriteRecord
): Promise<{ id: number } | { conflict: WriteConflict }> {
  const key = `${record.env}:${record.target}`
  await sql`SELECT pg_advisory_xact_lock(hashtext(${key})::bigint)`.execute(trx)
  const earlier = await trx
    .selectFrom('hub_journal as j')
    .innerJoin('hub_user as u', 'u.id', 'j.user_id')
    .select(['j.id', 'j.action', 'j.target', 'j.sent_at', 'j.outcome', 'u.name as user_name'])
    .where('j.env', '=', record.env)
    .where('j.target', '=', record.target)
    .where((eb) =>
      eb.or([
        eb('j.outcome', '=', 'sending'),
        eb.and([
          eb('j.action', '=', record.action),
          eb('j.action', 'in', ['cancel', 'pay']),
          eb('j.outcome', 'in', ['done', 'unknown']),
          eb(sql`j.settled_result`, 'is distinct from', 'not-done'),
          eb('j.sent_at', '>', sql<Date>`now() - make_interval(mins => ${RECENT_MINUTES})`)
        ])
      ])
    )
    .orderBy('j.id', 'desc')
    .executeTakeFirst()
  if (earlier) {
    return {
      conflict: {
        journalId: earlier.id,
        user: earlier.user_name,
        action: earlier.action,
        target: earlier.target,
        sentAt: earlier.sent_at,
        outcome: earlier.outcome
      }
    }
  }
  const seq = await nextSeq(trx)
  return trx
    .insertInto('hub_journal')
    .values({
      env: record.env,
      user_id: record.userId,
      action: record.action,
      target: record.target,
      booking_id: record.bookingId,
      listing_id: record.listingId,
      own_reference: record.ownReference,
      request: JSON.stringify(record.request ?? null),
      seq
    })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** PostgreSQL's unique_violation (the in-flight index), from pg and PGlite alike. */
const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: unknown } | null)?.code === '23505'

async function complete(db: Kysely<HubDatabase>, id: number, done: WriteCompletion): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const seq = await nextSeq(trx)
    await trx
      .updateTable('hub_journal')
      .set({
        outcome: done.outcome,
        status: done.status,
        answer: done.answer === undefined ? null : JSON.stringify(done.answer),
        message: done.message,
        answered_at: new Date(),
        booking_id: (eb) => eb.fn.coalesce('booking_id', eb.val(done.bookingId ?? null)),
        seq
      })
      .where('id', '=', id)
      .execute()
  })
}

export type JournaledResult<T> =
  { conflict: WriteConflict } | { journalId: number; result: T; recorded: boolean }

/**
 * Records the write, sends it once through `send`, records its answer. `send` never throws: it
 * turns what happened into the completion to record and the result to answer with. When the row
 * cannot be inserted, nothing is sent (the error propagates). When the answer cannot be recorded
 * the row stays `sending`, made `unknown` by the next sweep, and `recorded` is false.
 */
export async function journaled<T>(
  db: Kysely<HubDatabase>,
  kind: HubDatabaseKind,
  record: WriteRecord,
  send: (journalId: number) => Promise<{ completion: WriteCompletion; result: T }>,
  onRecordFailure: (err: unknown, journalId: number) => void
): Promise<JournaledResult<T>> {
  const run = async (conn: Kysely<HubDatabase>): Promise<JournaledResult<T>> => {
    let started: { id: number } | { conflict: WriteConflict }
    try {
      started = await conn.transaction().execute(async (trx) => {
        const inserted = await insertUnlessConflict(trx, record)
        if ('id' in inserted && kind === 'postgres') {
          // Session-scoped: held by this connection past the commit, until the answer is kept.
          await sql`SELECT pg_advisory_lock(${WRITE_LOCKS}, ${inserted.id})`.execute(trx)
        }
        return inserted
      })
    } catch (err) {
      if (!isUniqueViolation(err)) throw err
      // Another hub process inserted the same target's row between our check and insert.
      return conn.transaction().execute(async (trx) => {
        const again = await insertUnlessConflict(trx, record)
        if ('id' in again) throw err
        return again
      })
    }
    if ('conflict' in started) return started
    const journalId = started.id
    announceChange(db)
    try {
      const { completion, result } = await send(journalId)
      let recorded = true
      try {
        await complete(conn, journalId, completion)
        announceChange(db)
      } catch (err) {
        recorded = false
        onRecordFailure(err, journalId)
      }
      return { journalId, result, recorded }
    } finally {
      if (kind === 'postgres') {
        await sql`SELECT pg_advisory_unlock(${WRITE_LOCKS}, ${journalId})`
          .execute(conn)
          .catch(() => undefined)
      }
    }
  }
  // On a server the write keeps its connection (and so its lock) until its answer is recorded;
  // the embedded database has one connection, which a write must not hold while it waits.
  return kind === 'postgres' ? db.connection().execute(run) : run(db)
}

const LEFT_SENDING_MESSAGE =
  'The hub stopped before the answer to this write was recorded: it may have reached the ' +
  'service and been carried out. Check before trying again; the hub did not send it again.'

/**
 * Rows left `sending` by a hub that stopped (crash, kill, power) become `unknown`: never sent
 * again. On the embedded database all of them (one process at a time); on a server those whose
 * sending connection's lock is free. Returns how many.
 */
export async function sweepLeftSending(
  db: Kysely<HubDatabase>,
  kind: HubDatabaseKind
): Promise<number> {
  const changed = await db.transaction().execute(async (trx) => {
    const left = await trx
      .selectFrom('hub_journal')
      .select('id')
      .where('outcome', '=', 'sending')
      .execute()
    if (left.length === 0) return 0
    const seq = await nextSeq(trx)
    const result = await trx
      .updateTable('hub_journal')
      .set({ outcome: 'unknown', message: LEFT_SENDING_MESSAGE, seq })
      .where('outcome', '=', 'sending')
      .$if(kind === 'postgres', (q) =>
        q.where(sql<boolean>`pg_try_advisory_xact_lock(${WRITE_LOCKS}, id)`)
      )
      .executeTakeFirst()
    return Number(result.numUpdatedRows)
  })
  if (changed > 0) announceChange(db)
  return changed
}
