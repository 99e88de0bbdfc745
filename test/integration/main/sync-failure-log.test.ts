import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type StayDeskApp } from '../../../src-main/features/create-app'
import { inProcessSyncExecutor } from '../../../src-main/sync/in-process-executor'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { eventRecorder, fakeOsCipher, tempDataDir } from './app-fixtures'

/**
 * A resource that fails inside StayDesk (a bug in its sync, the mirror) must not pass quietly
 * as one line of the summary: main logs it as an error, as it does a handler's crash, so the
 * end-to-end harness (which fails a test on any error main logs) sees it. The other resources'
 * results stand, and an outage is not logged as an error.
 */
describe('a resource failing inside StayDesk during a sync', () => {
  const data = tempDataDir()
  const rec = eventRecorder()
  const logged: { message: string; err: unknown }[] = []
  let demo: SandboxHandle
  let app: StayDeskApp

  beforeAll(async () => {
    demo = await startSandbox({ listings: 20, seed: 2, log: () => undefined })
    app = await createApp({
      dataDir: data.dir,
      cipher: fakeOsCipher(),
      demoBaseUrl: () => demo.url,
      version: '0.0.0',
      emit: rec.emit,
      // The real sync, whose rates resource then fails as a bug would, and whose availability
      // meets an outage.
      syncExecutor: (targetOf) => {
        const inner = inProcessSyncExecutor(targetOf)
        return async (profileId, opts) => {
          const summary = await inner(profileId, opts)
          return {
            ...summary,
            errors: [
              ...summary.errors,
              { resource: 'rates', code: 'internal', message: 'rates is not iterable' },
              {
                resource: 'availability',
                code: 'offline',
                message: 'The service cannot be reached.'
              }
            ]
          }
        }
      },
      periodicSyncMs: 0,
      log: (message, err) => void logged.push({ message, err })
    })
  })

  afterAll(async () => {
    await app?.close()
    await demo?.close()
    data.remove()
  })

  it('is logged as an error naming the resource; the outage is not', async () => {
    const first = await app.firstSync
    expect(first?.errors.map((e) => e.code)).toEqual(['internal', 'offline'])
    const errors = logged.filter((l) => l.err !== undefined)
    expect(errors.map((l) => l.message)).toEqual([
      'sync of rates for profile demo failed inside StayDesk: rates is not iterable'
    ])
    expect(errors[0].err).toBeInstanceOf(Error)
    // The window still hears how the sync ended, with both failures in it.
    expect(rec.of('sync:finished')).toHaveLength(1)
  })
})
