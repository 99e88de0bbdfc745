import { toAppError } from '../../errors'
import { syncAll, type SyncProgress } from '../../sync/engine'
import { syncLine } from '../../logging/sync-line'
import { parse } from '../args'
import { cliLog } from '../cli-log'
import { CliContext } from '../context'
import type { Output } from '../output'

/** `staydesk sync [--full]`: progress on a terminal, a summary (or JSON) at the end. */
export async function syncCommand(argv: string[], out: Output): Promise<number> {
  const { values } = parse(argv, { full: { type: 'boolean' } })
  const ctx = new CliContext(values)
  try {
    const client = ctx.client()
    const mirror = await ctx.mirror({ create: true })
    const showProgress = !ctx.json && process.stderr.isTTY
    const latest = new Map<string, string>()
    const onProgress = (e: SyncProgress): void => {
      if (!showProgress || e.type !== 'page') return
      const total = e.total ? ` of ${e.total}` : ''
      latest.set(e.resource, `${e.resource} ${e.recordsDone}${total} (${e.pagesDone} pages)`)
      process.stderr.write(`\r${[...latest.values()].join(' | ')}\x1b[K`)
    }
    const startedAt = Date.now()
    const { results, errors } = await syncAll(client, mirror, { full: values.full, onProgress })
    if (showProgress) process.stderr.write('\n')
    const failures = errors.map((e) => ({
      resource: e.resource,
      ...toAppError(e.error).toPayload()
    }))
    cliLog()?.info(
      syncLine({
        profileId: values.profile ?? 'command line',
        full: values.full === true,
        startedAt,
        finishedAt: Date.now(),
        results,
        errors: failures.map(({ resource, code, message }) => ({ resource, code, message }))
      })
    )
    if (ctx.json) {
      out.json({ ok: failures.length === 0, results, errors: failures })
    } else {
      out.table(
        results.map((r) => [r.resource, r.mode, r.pages, r.records, r.changed, r.quarantined]),
        ['resource', 'mode', 'pages', 'records', 'changed', 'quarantined']
      )
      for (const [message, resources] of byMessage(failures)) {
        out.line(`${resources.join(', ')}: ${message}`)
      }
    }
    // A service that is down fails every resource the same way: said once, naming them all.
    for (const [message, resources] of byMessage(failures)) {
      process.stderr.write(`staydesk: sync of ${resources.join(', ')} failed: ${message}\n`)
    }
    return failures.length === 0 ? 0 : 1
  } finally {
    await ctx.close()
  }
}

function byMessage(failures: { resource: string; message: string }[]): Map<string, string[]> {
  const groups = new Map<string, string[]>()
  for (const f of failures) groups.set(f.message, [...(groups.get(f.message) ?? []), f.resource])
  return groups
}
