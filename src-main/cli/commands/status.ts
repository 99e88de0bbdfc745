import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { parse } from '../args'
import { CliContext } from '../context'
import { age, type Output } from '../output'

/** `staydesk status`: what the mirror holds and how fresh it is; works offline. */
export async function statusCommand(argv: string[], out: Output): Promise<number> {
  const { values } = parse(argv, {})
  const ctx = new CliContext(values)
  try {
    const mirror = await ctx.mirror()
    const counts = mirror.sync.counts()
    const now = Date.now()
    const resources = SYNC_RESOURCES.map((resource) => {
      const state = mirror.sync.cursor(resource)
      return {
        resource,
        phase: state?.phase ?? 'never synced',
        lastSuccessAt: state?.lastSuccessAt ?? null,
        dataAgeMs: state?.lastSuccessAt === undefined ? null : now - state.lastSuccessAt,
        records: counts[resource],
        quarantined: counts.quarantined[resource],
        lastError: state?.lastError ?? null
      }
    })
    if (ctx.json) {
      out.json({ db: mirror.file, resources })
      return 0
    }
    out.line(`mirror ${mirror.file}`)
    out.table(
      resources.map((r) => [
        r.resource,
        r.lastSuccessAt === null ? 'never' : new Date(r.lastSuccessAt).toISOString(),
        age(r.dataAgeMs ?? undefined),
        r.records,
        r.quarantined,
        r.lastError ? `${r.lastError.message}` : ''
      ]),
      ['resource', 'last sync', 'data age', 'records', 'quarantined', 'last error']
    )
    return 0
  } finally {
    await ctx.close()
  }
}
