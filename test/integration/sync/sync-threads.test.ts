import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { threadSyncExecutor, type SyncTarget } from '../../../src-main/sync/sync-worker'
import { tempDir } from '../../helpers/sync-fixtures'

/**
 * Which resources share a sync thread. The grouping is chosen per target: on the service's page
 * walk availability has a thread of its own; on a team hub, whose full sync reads calendars and
 * rates packed, listings have one. The worker here is a stand-in entry (a real worker thread)
 * that writes the resources it was given to a file and answers as a sync thread does, so the
 * executor's grouping and its summary are seen without a sync's minutes of work.
 */

const STAND_IN = `
import { appendFileSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
parentPort.postMessage({ type: 'opened' })
appendFileSync(workerData.target.mirrorFile, JSON.stringify(workerData.resources) + '\\n')
parentPort.postMessage({
  type: 'done',
  outcomes: workerData.resources.map((resource) => ({
    resource,
    result: { resource, mode: 'full+delta', pages: 1, records: 1, changed: 0, quarantined: 0 }
  }))
})
`

async function groupsFor(target: Omit<SyncTarget, 'mirrorFile'>) {
  const dir = tempDir()
  const entry = join(dir, 'stand-in.mjs')
  writeFileSync(entry, STAND_IN)
  const mirrorFile = join(dir, 'threads.log')
  writeFileSync(mirrorFile, '')
  const summary = await threadSyncExecutor(() => ({ ...target, mirrorFile }), entry)('p1', {
    full: true,
    onProgress: () => {},
    signal: new AbortController().signal
  })
  const groups = readFileSync(mirrorFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as string[])
    .sort((a, b) => a[0].localeCompare(b[0]))
  return { groups, summary }
}

describe('the sync threads by target', () => {
  it("keeps availability alone on the service's page walk", async () => {
    const { groups, summary } = await groupsFor({
      baseUrl: 'http://127.0.0.1:9/v1',
      token: 'demo-token'
    })
    expect(groups).toEqual([['availability'], ['listings', 'rates']])
    expect(summary.results.map((r) => r.resource)).toEqual(['listings', 'availability', 'rates'])
  })

  it('gives listings a thread of their own on a team hub, the packed resources sharing one', async () => {
    const { groups, summary } = await groupsFor({
      baseUrl: 'http://127.0.0.1:9/test',
      token: 'demo-token',
      hub: { url: 'http://127.0.0.1:9', env: 'test' }
    })
    expect(groups).toEqual([['availability', 'rates'], ['listings']])
    // The summary is the same contract whatever the grouping: one result per resource, in order.
    expect(summary.results.map((r) => r.resource)).toEqual(['listings', 'availability', 'rates'])
    expect(summary.errors).toEqual([])
  })
})
