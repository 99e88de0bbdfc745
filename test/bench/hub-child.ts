import { connectHubDatabase, migrateHubDatabase } from '../../src-hub/db/connect'
import { runHubSync } from '../../src-hub/sync/scheduler'
import { createUpstream } from '../../src-hub/upstream'
import { fetchOnly, TOKEN } from './sync-helpers'
import { peakRss } from '../../src-main/sync/peak-rss'

/**
 * One measured step of the hub benchmark in a process of its own (forked by hub-sync.ts), so its
 * peak RSS (the whole process, every thread) is the step's alone: the hub's
 * sync of the sandbox into a database (full or the delta its cursors call for), or the same
 * pages fetched and parsed alone with the same client. The time is taken around the step only,
 * not the process's start-up.
 */

export type HubChildJob =
  | { kind: 'fetch'; serviceUrl: string; since?: Record<string, number> }
  | {
      kind: 'sync'
      serviceUrl: string
      full: boolean
      databaseUrl?: string
      dataDir?: string
    }

export interface HubChildResult {
  ms: number
  records: number
  changed: number
  maxRssBytes: number
  errors: string[]
}

async function runJob(job: HubChildJob): Promise<HubChildResult> {
  if (job.kind === 'fetch') {
    const b = await fetchOnly(job.serviceUrl, job.since)
    return { ms: b.ms, records: b.records, changed: 0, maxRssBytes: 0, errors: [] }
  }
  const hub = await connectHubDatabase({ databaseUrl: job.databaseUrl, dataDir: job.dataDir })
  const upstream = createUpstream('test', {
    baseUrl: job.serviceUrl,
    token: TOKEN,
    salesChannel: 'DEMO'
  })
  try {
    await migrateHubDatabase(hub.db)
    const started = performance.now()
    const run = await runHubSync(hub, upstream, { full: job.full })
    const took = performance.now() - started
    if (run === 'busy') throw new Error('hub sync busy')
    return {
      ms: took,
      records: run.results.reduce((n, r) => n + r.records, 0),
      changed: run.results.reduce((n, r) => n + r.changed, 0),
      maxRssBytes: 0,
      errors: run.errors.map((e) => `${e.resource}: ${(e.error as Error).message}`)
    }
  } finally {
    await upstream.client.close()
    await hub.close()
  }
}

process.once('message', (job: HubChildJob) => {
  runJob(job).then(
    (result) => {
      result.maxRssBytes = peakRss()
      process.send!(result, () => process.exit(0))
    },
    (err: unknown) => {
      process.send!({ error: String((err as Error).stack ?? err) }, () => process.exit(1))
    }
  )
})
