import type Database from 'better-sqlite3'
import type { DetailInstalment } from '@shared/api/booking.schema'
import { addDays, type IsoDate } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import type { WatchList } from '@shared/ipc/bookings.schema'
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type SummaryRow } from '../repos/bookings'

/** How far ahead the watch list looks for instalments, in days (today included, and this day). */
const INSTALMENT_DAYS = 7

const AWAITING_SQL = `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} WHERE b.status = ?
  ORDER BY b.check_in, b.id`

/**
 * Unpaid instalments of the kept copies whose due date meets `dueWhere`, read from the stored
 * details with json_each. A booking the service has ended (cancelled in any way, expired,
 * declined, completed) owes nothing, whatever its last copy's instalments still say.
 */
const instalmentsSql = (dueWhere: string) => `SELECT ${SUMMARY_COLUMNS}, j.value AS instalment,
    j.key AS position
  FROM bookings b CROSS JOIN json_each(b.json, '$.instalments') j
    LEFT JOIN listings l ON l.id = b.listing_id
  WHERE b.status NOT IN ('expired', 'declined', 'completed') AND b.status NOT LIKE 'cancelled%'
    AND json_extract(j.value, '$.dueDate') ${dueWhere}
    AND coalesce(json_extract(j.value, '$.status'), '') <> 'paid'
    AND json_extract(j.value, '$.paidAt') IS NULL
  ORDER BY json_extract(j.value, '$.dueDate'), b.check_in, b.id, j.key`

/** Falling due from today to INSTALMENT_DAYS ahead. */
const INSTALMENTS_SQL = instalmentsSql('BETWEEN ? AND ?')
/**
 * Past their due date and still unpaid: overdue (a date before today; today is not past). A
 * booking awaiting payment is not: its payment deadline rules it (the awaiting-payment group).
 */
const OVERDUE_SQL = instalmentsSql(`< ? AND b.status <> 'pendingPayment'`)

type InstalmentRow = SummaryRow & { instalment: string; position: number }

function toDue(r: InstalmentRow): WatchList['instalmentsDue'][number] {
  const instalment = JSON.parse(r.instalment) as DetailInstalment
  return {
    booking: toSummary(r),
    name: instalment.name ?? `Instalment ${r.position + 1}`,
    amountCents: eurToCents(instalment.amount),
    dueDate: instalment.dueDate!
  }
}

/** A deadline as epoch ms; NaN when the text is not a time. */
const deadline = (expiresAt: string | null) => (expiresAt === null ? NaN : Date.parse(expiresAt))

/**
 * What needs an agent's eye from the kept copies: bookings awaiting payment or the property
 * manager's confirmation, instalments falling due, and instalments overdue. Kept copies are as last read, so a list
 * is as fresh as the reads behind it (each row carries its fetchedAt).
 */
export class WatchListQuery {
  private readonly awaitingStmt: Database.Statement<[string], SummaryRow>
  private readonly instalmentsStmt: Database.Statement<[string, string], InstalmentRow>
  private readonly overdueStmt: Database.Statement<[string], InstalmentRow>

  constructor(sqlite: Database.Database) {
    this.awaitingStmt = sqlite.prepare(AWAITING_SQL)
    this.instalmentsStmt = sqlite.prepare(INSTALMENTS_SQL)
    this.overdueStmt = sqlite.prepare(OVERDUE_SQL)
  }

  list(today: IsoDate, nowMs: number): WatchList {
    // A deadline that has passed ends the booking at the service (expired): it awaits nothing
    // any more, and the copy says pendingPayment only because it was read before.
    const awaitingPayment = this.awaitingStmt
      .all('pendingPayment')
      .map((r) => ({ r, at: deadline(r.expires_at) }))
      .filter(({ at }) => Number.isNaN(at) || at > nowMs)
      // Known deadlines first, soonest first; then the rest in check-in order (the query's, kept
      // by the stable sort).
      .sort((a, b) =>
        Number.isNaN(a.at) || Number.isNaN(b.at)
          ? Number(Number.isNaN(a.at)) - Number(Number.isNaN(b.at))
          : a.at - b.at
      )
      .map(({ r }) => toSummary(r))
    const awaitingConfirmation = this.awaitingStmt.all('pendingConfirm').map(toSummary)
    const instalmentsDue = this.instalmentsStmt
      .all(today, addDays(today, INSTALMENT_DAYS))
      .map(toDue)
    const overdue = this.overdueStmt.all(today).map(toDue)
    return { awaitingPayment, awaitingConfirmation, instalmentsDue, overdue, today }
  }
}
