import { toDayNumber } from '@shared/domain/dates'
import { AlertKind, AlertStatus } from '@shared/watch/alert.schema'
import { ALERT_KIND_WORDS } from '@shared/watch/alert-words'
import { runWatchPass } from '../../features/watch/pass'
import { WatchStore } from '../../features/watch/store'
import { savedRules } from '../../features/watch/watch'
import { oneOf, optionalDate, parse, UsageError, wholeNumber } from '../args'
import { CliContext } from '../context'
import { instant, type Output } from '../output'
import { cliRuntime } from '../runtime'

const DEFAULT_LIMIT = 200
const MAX_LIMIT = 500

/**
 * `staydesk alerts`: the portfolio watch's alerts of a mirror, for a scheduler to mail. It first
 * brings them up to date with the mirror (the watch pass the app runs after each sync: only the
 * changes since the last pass, so at once after `staydesk sync`), then lists them, newest first,
 * each with its reason in the words the Alerts screen uses. Offline: it needs no token. Exit 0
 * with or without alerts; 1 when the mirror can't be read; 2 for a mistake in the command line.
 */
export async function alertsCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals } = parse(argv, {
    kind: { type: 'string' },
    since: { type: 'string' },
    status: { type: 'string' },
    limit: { type: 'string' }
  })
  if (positionals.length > 0) {
    throw new UsageError(`alerts: takes no arguments (got ${positionals.join(' ')})`)
  }
  const kind = oneOf('--kind', values.kind, AlertKind.options)
  const status = oneOf('--status', values.status, [...AlertStatus.options, 'open' as const])
  const since = optionalDate('--since', values.since)
  const limit = wholeNumber('--limit', values.limit, 1) ?? DEFAULT_LIMIT
  if (limit > MAX_LIMIT) throw new UsageError(`--limit: must be at most ${MAX_LIMIT}`)

  const ctx = new CliContext(values)
  const today = ctx.today
  let store: WatchStore | undefined
  try {
    const mirror = await ctx.mirror()
    store = await WatchStore.open(mirror.file, mirror.keptFile, cliRuntime().nativeBinding)
    const pass = await runWatchPass(store, { now: Date.now(), today, rules: savedRules(store) })
    const page = store.list({
      status: status ?? 'open',
      ...(kind !== undefined && { kind }),
      ...(since !== undefined && { since: toDayNumber(since) * 86_400_000 }),
      offset: 0,
      limit
    })
    if (ctx.json) {
      out.json({
        mirror: ctx.dbFile(),
        today,
        added: pass.added.length,
        total: page.total,
        counts: store.counts(),
        items: page.items
      })
      return 0
    }
    if (page.total === 0) {
      out.line(`no ${status === undefined ? 'open ' : `${status} `}alerts${filtered(kind, since)}`)
      return 0
    }
    out.table(
      page.items.map((a) => [instant(a.firstSeen), ALERT_KIND_WORDS[a.kind], a.status, a.reason]),
      ['first seen', 'kind', 'status', 'reason']
    )
    const shown = page.items.length
    out.line(
      shown === page.total
        ? `${page.total} ${page.total === 1 ? 'alert' : 'alerts'}, newest first`
        : `${shown} of ${page.total} alerts, newest first (--limit up to ${MAX_LIMIT} shows more)`
    )
    return 0
  } finally {
    store?.close()
    await ctx.close()
  }
}

function filtered(kind: string | undefined, since: string | undefined): string {
  const parts = [kind && `of kind ${kind}`, since && `first seen since ${since}`].filter(Boolean)
  return parts.length > 0 ? ` ${parts.join(', ')}` : ''
}
