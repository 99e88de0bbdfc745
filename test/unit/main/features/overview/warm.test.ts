import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Mirror } from '../../../../../src-main/db'
import { overviewWarmer } from '../../../../../src-main/features/overview/warm'

/**
 * The overview worked out off the screen's time: a scheduled warm-up reads the overview of the
 * profile's mirror for today, only while that profile's mirror is the open one, and nothing runs
 * once the app closes.
 */
describe('overviewWarmer', () => {
  let asked: string[]
  let logged: string[]
  let open: string
  const NOW = Date.parse('2026-11-26T09:30:00Z')

  const mirrorOf = async (profileId: string) =>
    profileId === open
      ? ({
          calendars: {
            overview: (today: string) => {
              if (profileId === 'broken') throw new Error('disk gone')
              asked.push(`${profileId} ${today}`)
            }
          }
        } as unknown as Mirror)
      : undefined

  beforeEach(() => {
    vi.useFakeTimers()
    asked = []
    logged = []
    open = 'demo'
  })
  afterEach(() => vi.useRealTimers())

  const warmer = () => overviewWarmer({ mirrorOf, now: () => NOW, log: (m) => void logged.push(m) })

  it("works out the open profile's overview for today once its time comes", async () => {
    const w = warmer()
    w.schedule('demo', 2_000)
    await vi.advanceTimersByTimeAsync(1_999)
    expect(asked).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(asked).toEqual(['demo 2026-11-26'])
  })

  it('skips a profile whose mirror is no longer the open one', async () => {
    const w = warmer()
    w.schedule('demo', 2_000)
    open = 'prod'
    await vi.advanceTimersByTimeAsync(2_000)
    expect(asked).toEqual([])
  })

  it('runs nothing after close', async () => {
    const w = warmer()
    w.schedule('demo', 2_000)
    w.close()
    w.schedule('demo', 0)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(asked).toEqual([])
  })

  it('logs a failure rather than throwing it', async () => {
    open = 'broken'
    warmer().schedule('broken', 0)
    await vi.advanceTimersByTimeAsync(0)
    expect(logged).toEqual(['the overview could not be brought up to date'])
  })
})
