import type { JournalEntry } from '@shared/ipc/journal.schema'

/**
 * A write still open (its outcome unknown, or no answer recorded) in the words of the booking
 * page: "Cancellation sent at 14:02, outcome unknown". Pure, so the words are unit-tested.
 */

const NOUN: Record<JournalEntry['action'], string> = {
  cancel: 'Cancellation',
  create: 'Booking request',
  pay: 'Payment',
  reference: 'Listing reference',
  references: 'Listing references'
}

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' })
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

/** "14:02" today, "12 Nov 2026, 14:02" another day (the reader's clock). */
function sentWhen(sentAt: number, now: number): string {
  const sameDay = day.format(sentAt) === day.format(now)
  return sameDay ? time.format(sentAt) : `${day.format(sentAt)}, ${time.format(sentAt)}`
}

export function openWriteText(
  e: Pick<JournalEntry, 'action' | 'outcome' | 'sentAt'>,
  now: number
): string {
  const state = e.outcome === 'pending' ? 'no answer recorded' : 'outcome unknown'
  return `${NOUN[e.action]} sent at ${sentWhen(e.sentAt, now)}, ${state}`
}

/** "Settled by hand by ada (profile Demo) at 14:30: carried out. “Read it again…”" */
export function settlementText(s: NonNullable<JournalEntry['settlement']>): string {
  const result = s.result === 'done' ? 'carried out' : 'not carried out'
  return `Settled by hand by ${s.by} (profile ${s.profileName}) on ${day.format(s.at)}, ${time.format(s.at)}: ${result}. Note: ${s.note}`
}
