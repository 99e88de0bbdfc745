import { existsSync } from 'node:fs'
import { JOURNAL_ACTIONS, JOURNAL_OUTCOMES, type JournalFilter } from '@shared/ipc/journal.schema'
import { journalCsv } from '../../journal/csv'
import { oneOf, optionalDate, parse, UsageError, wholeNumber } from '../args'
import { CliContext } from '../context'
import { instant, type Output } from '../output'

/** As many writes as the journal gives in one list. */
const MAX_LIMIT = 1000

/**
 * `staydesk journal` (or `staydesk audit`, its earlier name): the journal of writes, newest
 * first (with --db, the one beside that mirror; with --profile, the app's, holding every
 * profile's writes). `--csv` prints the very text the app's export saves. A journal that does
 * not exist yet means nothing was written; it is not created just to say so.
 */
export async function journalCommand(argv: string[], out: Output): Promise<number> {
  const { values } = parse(argv, {
    since: { type: 'string' },
    until: { type: 'string' },
    action: { type: 'string' },
    outcome: { type: 'string' },
    booking: { type: 'string' },
    limit: { type: 'string' },
    csv: { type: 'boolean' }
  })
  const from = optionalDate('--since', values.since)
  const to = optionalDate('--until', values.until)
  if (from !== undefined && to !== undefined && to < from) {
    throw new UsageError('--until: must not be before --since')
  }
  if (values.csv && values.json) throw new UsageError('give --csv or --json, not both')
  const limit = wholeNumber('--limit', values.limit, 1)
  if (limit !== undefined && limit > MAX_LIMIT) {
    throw new UsageError(`--limit: must be at most ${MAX_LIMIT}`)
  }
  const booking = values.booking?.trim()
  const filter: JournalFilter = {
    action: oneOf('--action', values.action, JOURNAL_ACTIONS),
    outcome: oneOf('--outcome', values.outcome, JOURNAL_OUTCOMES),
    ...(booking ? { booking } : {}),
    from,
    to,
    limit
  }
  const ctx = new CliContext(values)
  try {
    const file = ctx.journalFile()
    if (!existsSync(file)) {
      if (values.csv) out.text(journalCsv([]).text)
      else if (ctx.json) out.json({ journal: file, total: 0, items: [] })
      else out.line(`no writes recorded (no journal at ${file})`)
      return 0
    }
    const journal = await ctx.journal()
    if (values.csv) {
      // The export's own text, as it is: one CSV document, nothing else on stdout.
      out.text(journal.csv(filter).text)
      return 0
    }
    const page = journal.list(filter)
    if (ctx.json) {
      out.json({ journal: file, ...page })
      return 0
    }
    if (page.total === 0) {
      out.line(`no writes recorded in ${file}${anyFilter(filter) ? ' that match' : ''}`)
      return 0
    }
    out.table(
      page.items.map((e) => [
        instant(e.sentAt),
        e.profileName,
        e.action,
        e.bookingId ?? e.ownReference ?? e.listingId ?? '',
        e.outcome,
        oneLine(e.message)
      ]),
      ['sent at', 'profile', 'action', 'booking', 'outcome', 'message']
    )
    out.line(`${page.items.length} of ${page.total} writes in ${file}`)
    return 0
  } finally {
    await ctx.close()
  }
}

function anyFilter(f: JournalFilter): boolean {
  return [f.action, f.outcome, f.booking, f.from, f.to].some((v) => v !== undefined)
}

/** A message on one table row: line breaks folded, and cut short (the CSV has it whole). */
function oneLine(message: string | null): string {
  if (!message) return ''
  const text = message.replace(/\s+/g, ' ').trim()
  return text.length > 100 ? `${text.slice(0, 99)}…` : text
}
