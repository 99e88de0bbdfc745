import { randomUUID } from 'node:crypto'
import {
  JOURNAL_ACTIONS,
  JOURNAL_OUTCOMES,
  JournalFilter,
  SettleInput,
  type JournalEntry
} from '@shared/ipc/journal.schema'
import { AppError, zodAppError } from '../errors'
import { openJournalDatabase } from './connection'
import { journalCsv } from './csv'
import { forJournal, messageForJournal } from './for-journal'
import { countQuery, toEntry, writeQuery, writesQuery, type WriteRow } from './query'
import type { Journal, JournalProfile, WriteAnswer, WriteRecord } from './types'

export interface JournalOptions {
  /** better-sqlite3 addon for Electron (src-main/db/native-binding.ts); undefined under Node. */
  nativeBinding?: string
  /** Clock for the records' times, epoch milliseconds; injectable for tests. */
  now?: () => number
  /** Write ids; a random UUID unless a test fixes them. */
  newId?: () => string
}

/** Serialised for a TEXT column; a body with nothing to keep is stored as NULL. */
function json(value: unknown): string | null {
  return value === undefined ? null : (JSON.stringify(value) ?? null)
}

/**
 * Runs one of the journal's operations. An AppError (a refusal of ours) passes as it is; any
 * other failure is SQLite's, reported as a sentence naming the file and what could not be done.
 */
function guarded<T>(file: string, what: string, run: () => T): T {
  try {
    return run()
  } catch (err) {
    if (err instanceof AppError) throw err
    throw new AppError('database', `The audit journal ${file} ${what}.`)
  }
}

function parseFilter(filter: JournalFilter): JournalFilter {
  const parsed = JournalFilter.safeParse(filter)
  if (!parsed.success) throw zodAppError(parsed.error)
  return parsed.data
}

/**
 * Opens (or creates) an audit journal: see connection.ts for the checks on open. Async only
 * because Kysely's Migrator is; every method of the returned journal is synchronous, as
 * better-sqlite3 is, so a write is recorded before the request leaves, with nothing in between.
 *
 * Both `sent` and the answer's `received` go through forJournal again here, whatever the caller
 * did: reducing an already reduced body changes nothing, and no caller's slip can put card data
 * in the file (reliability checklist section 5: it must never be written, even briefly).
 */
export async function openJournal(file: string, opts: JournalOptions = {}): Promise<Journal> {
  const sqlite = await openJournalDatabase(file, opts)
  const now = opts.now ?? Date.now
  const newId = opts.newId ?? randomUUID

  const insertSent = sqlite.prepare(`INSERT INTO journal_records (write_id, record, at,
      profile_id, profile_name, profile_kind, profile_base_url, action, booking_id, listing_id,
      own_reference, sent_json)
    VALUES (?, 'sent', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const insertAnswer = sqlite.prepare(`INSERT INTO journal_records (write_id, record, at,
      booking_id, received_json, outcome, message)
    VALUES (?, 'answered', ?, ?, ?, ?, ?)`)
  const recorded = sqlite
    .prepare(`SELECT record FROM journal_records WHERE write_id = ? ORDER BY record`)
    .pluck()

  const answer = sqlite.transaction((id: string, a: WriteAnswer) => {
    const records = recorded.all(id) as string[]
    if (!records.includes('sent')) {
      throw new AppError(
        'internal',
        'The audit journal has no write with this id, so its answer was not recorded.'
      )
    }
    if (records.includes('answered')) {
      throw new AppError(
        'internal',
        'The answer of this write is already in the audit journal; a second one was not recorded.'
      )
    }
    insertAnswer.run(
      id,
      now(),
      a.bookingId ?? null,
      json(forJournal(a.received)),
      a.outcome,
      a.message == null ? null : messageForJournal(a.message)
    )
  })

  const insertSettlement = sqlite.prepare(`INSERT INTO journal_settlements (write_id, at, result,
      note, profile_id, profile_name, settled_by) VALUES (?, ?, ?, ?, ?, ?, ?)`)
  const oneWrite = (id: string): JournalEntry | undefined => {
    const q = writeQuery(id)
    const row = sqlite.prepare(q.sql).get(...q.params) as WriteRow | undefined
    return row && toEntry(row)
  }

  // Checked and recorded in one transaction, so two windows settling at once record one.
  const settle = sqlite.transaction(
    (input: SettleInput, who: { profile: JournalProfile; by: string }): JournalEntry => {
      const entry = oneWrite(input.id)
      if (!entry) {
        throw new AppError('not-found', 'The audit journal has no write with this id.')
      }
      if (entry.settlement) {
        throw new AppError(
          'conflict',
          `This write was already settled by hand by ${entry.settlement.by}; a settlement is kept as it was recorded.`
        )
      }
      if (entry.outcome !== 'unknown' && entry.outcome !== 'pending') {
        throw new AppError(
          'conflict',
          `This write's outcome is known (${entry.outcome}): only a write whose outcome is unknown can be settled by hand.`
        )
      }
      insertSettlement.run(
        entry.id,
        now(),
        input.result,
        messageForJournal(input.note),
        who.profile.id,
        who.profile.name,
        who.by
      )
      return oneWrite(entry.id)!
    }
  )

  function rows(filter: JournalFilter, page: boolean): WriteRow[] {
    const q = writesQuery(filter, page)
    return sqlite.prepare(q.sql).all(...q.params) as WriteRow[]
  }

  // The count and the page in one read transaction, so a write recorded in between by another
  // process on the same file (two CLI runs beside one mirror) cannot make them disagree.
  const page = sqlite.transaction((filter: JournalFilter) => {
    const q = countQuery(filter)
    const total = sqlite
      .prepare(q.sql)
      .pluck()
      .get(...q.params) as number
    return { total, items: rows(filter, true).map(toEntry) }
  })

  return {
    file,
    sent(record: WriteRecord): string {
      if (!JOURNAL_ACTIONS.includes(record.action)) {
        throw new AppError('internal', `The audit journal has no action "${record.action}".`)
      }
      return guarded(file, 'could not record this write, so it was not sent', () => {
        const id = newId()
        const p = record.profile
        insertSent.run(
          id,
          now(),
          p.id,
          p.name,
          p.kind,
          p.baseUrl,
          record.action,
          record.bookingId ?? null,
          record.listingId ?? null,
          record.ownReference ?? null,
          json(forJournal(record.sent))
        )
        return id
      })
    },
    answered(id: string, a: WriteAnswer): void {
      // Checked at run time too: `pending` is what an unanswered write shows, never an answer.
      const outcome: string = a.outcome
      if (outcome === 'pending' || !(JOURNAL_OUTCOMES as readonly string[]).includes(outcome)) {
        throw new AppError('internal', `The audit journal has no outcome "${a.outcome}".`)
      }
      guarded(file, 'could not record the answer of this write', () => answer.immediate(id, a))
    },
    settle(input, who) {
      const parsed = SettleInput.safeParse(input)
      if (!parsed.success) throw zodAppError(parsed.error)
      return guarded(file, 'could not record this settlement', () =>
        settle.immediate(parsed.data, who)
      )
    },
    list(filter: JournalFilter) {
      const f = parseFilter(filter)
      return guarded(file, 'could not be read', () => page(f))
    },
    csv(filter: JournalFilter) {
      const f = parseFilter(filter)
      return guarded(file, 'could not be read', () => journalCsv(rows(f, false)))
    },
    close(): void {
      sqlite.close()
    }
  }
}
