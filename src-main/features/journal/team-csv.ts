import type { HubJournalEntry } from '@shared/hub/answers'
import { redactText } from '../../api/redact'
import { csvText, journalCsvHeader, SETTLED_AS } from '../../journal/csv'

/**
 * The team's journal as a CSV file: the columns of the desk's own export (src-main/journal/
 * csv.ts) with who sent each write ("By") where a desk's export names its profile, since on a
 * team profile every row went through one hub and the person is what tells them apart.
 */

/**
 * The hub keeps a card as brand and last four digits; its JSON is still scrubbed of anything
 * card-like before it is written to a file, as every text StayDesk writes is.
 */
const json = (value: unknown): string =>
  value === null || value === undefined ? '' : redactText(JSON.stringify(value))

function csvRow(e: HubJournalEntry): (string | number)[] {
  return [
    e.sentAt,
    e.answeredAt ?? '',
    e.user,
    e.env,
    e.action,
    // A row still on its way at the hub is what the desk's journal calls pending.
    e.outcome === 'sending' ? 'pending' : e.outcome,
    e.bookingId ?? '',
    e.ownReference ?? '',
    e.listingId ?? '',
    e.message ?? '',
    json(e.request),
    json(e.answer),
    e.settlement?.at ?? '',
    e.settlement ? SETTLED_AS[e.settlement.result] : '',
    e.settlement?.by ?? '',
    e.settlement?.note ?? ''
  ]
}

/** CSV text with the header row first, from the rows as the hub pages them. */
export async function teamCsv(
  rows: AsyncIterable<HubJournalEntry>
): Promise<{ text: string; rows: number }> {
  const records: (string | number)[][] = [journalCsvHeader(['By', 'Environment'])]
  for await (const row of rows) records.push(csvRow(row))
  return csvText(records)
}
