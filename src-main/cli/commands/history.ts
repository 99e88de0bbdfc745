import { changeSubject } from '@shared/domain/history-words'
import { HISTORY_KINDS, type HistoryItem } from '@shared/ipc/history.schema'
import { historyItems } from '../../features/history/history'
import { listingId, optionalDate, parse, UsageError, wholeNumber } from '../args'
import { CliContext } from '../context'
import { instant, type Output } from '../output'

/** As many changes as the history gives in one list (HistoryInput's own limit). */
const MAX_LIMIT = 1000
const DEFAULT_LIMIT = 200

type Kind = (typeof HISTORY_KINDS)[number]

/**
 * `staydesk history [LISTING]`: what the syncs saw change in the offline copy, newest first,
 * with before and after in the words the History screen uses. Offline: it reads the mirror
 * alone and needs no token, so a manager can ask "who changed this price, and when" without
 * a connection. An unknown listing or an empty history is an answer, not a failure.
 */
export async function historyCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals } = parse(argv, {
    since: { type: 'string' },
    until: { type: 'string' },
    date: { type: 'string' },
    kind: { type: 'string' },
    limit: { type: 'string' }
  })
  if (positionals.length > 1) {
    throw new UsageError(`history: give at most one listing id (got ${positionals.join(' ')})`)
  }
  const id = positionals[0] === undefined ? undefined : listingId(positionals[0])
  const from = optionalDate('--since', values.since)
  const to = optionalDate('--until', values.until)
  if (from !== undefined && to !== undefined && to < from) {
    throw new UsageError('--until: must not be before --since')
  }
  const date = optionalDate('--date', values.date)
  const kind = values.kind
  if (kind !== undefined && !HISTORY_KINDS.includes(kind as Kind)) {
    throw new UsageError(`--kind: "${kind}" is not one of ${HISTORY_KINDS.join(', ')}`)
  }
  const limit = wholeNumber('--limit', values.limit, 1) ?? DEFAULT_LIMIT
  if (limit > MAX_LIMIT) throw new UsageError(`--limit: must be at most ${MAX_LIMIT}`)

  const ctx = new CliContext(values)
  try {
    const mirror = await ctx.mirror()
    const known = id === undefined || mirror.listings.summary(id) !== undefined
    const page = historyItems(mirror, {
      ...(id !== undefined ? { listingId: id } : {}),
      ...(kind !== undefined ? { kind: kind as Kind } : {}),
      from,
      to,
      date,
      limit
    })
    if (ctx.json) {
      out.json({
        mirror: ctx.dbFile(),
        total: page.total,
        items: page.items.map((item) => ({ ...item, what: changeSubject(item.kind, item.key) }))
      })
      return 0
    }
    if (page.total === 0) {
      out.line(
        nothingRecorded(id, known, from !== undefined || to !== undefined || !!date || !!kind)
      )
      return 0
    }
    out.table(
      page.items.map((item) => [
        instant(item.seenAt),
        listingWords(item),
        changeSubject(item.kind, item.key),
        `${item.before} → ${item.after}`
      ]),
      ['seen at', 'listing', 'what', 'before → after']
    )
    out.line(countLine(page.items.length, page.total, limit))
    return 0
  } finally {
    await ctx.close()
  }
}

/** "100001 Villa Alba"; a listing gone from the copy keeps its id. */
function listingWords(item: HistoryItem): string {
  return item.listingName ? `${item.listingId} ${item.listingName}` : String(item.listingId)
}

function countLine(shown: number, total: number, limit: number): string {
  if (shown === total) return `${total} ${total === 1 ? 'change' : 'changes'}, newest first`
  const more =
    limit < MAX_LIMIT
      ? `--limit up to ${MAX_LIMIT} shows more`
      : 'narrow with LISTING, --since, --until, --date or --kind'
  return `${shown} of ${total} changes, newest first (${more})`
}

function nothingRecorded(id: number | undefined, known: boolean, filtered: boolean): string {
  if (id !== undefined && !known) {
    return `no changes recorded: listing ${id} is not in the offline copy`
  }
  const scope = id === undefined ? '' : ` for listing ${id}`
  return `no changes recorded${scope}${filtered ? ' that match' : ''}`
}
