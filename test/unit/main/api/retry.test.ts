import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../src-main/api/errors'
import {
  abortableSleep,
  backoffCeiling,
  backoffDelay,
  parseRetryAfter,
  retryPolicy,
  withRetry
} from '../../../../src-main/api/retry'

/** Backoff arithmetic and Retry-After parsing, without the network. */

describe('backoff', () => {
  it('full jitter stays in [0, min(cap, base·2^n)] for any random value', () => {
    for (const r of [0, 0.25, 0.5, 0.999999]) {
      const policy = retryPolicy({ baseMs: 100, capMs: 1000, random: () => r })
      for (let n = 0; n < 8; n++) {
        const d = backoffDelay(policy, n)
        expect(d).toBeGreaterThanOrEqual(0)
        expect(d).toBeLessThanOrEqual(Math.min(1000, 100 * 2 ** n))
      }
    }
    expect(backoffCeiling(retryPolicy({ baseMs: 100, capMs: 1000 }), 10)).toBe(1000)
  })

  it('defaults: 4 attempts', () => {
    expect(retryPolicy().maxAttempts).toBe(4)
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2027-06-01T10:00:00Z')
  it('reads seconds and HTTP-dates; a past date is 0; garbage is ignored', () => {
    expect(parseRetryAfter('7', now)).toBe(7000)
    expect(parseRetryAfter('Tue, 01 Jun 2027 10:00:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Tue, 01 Jun 2027 09:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
  })
})

describe('withRetry', () => {
  const sleeps: number[] = []
  const policy = retryPolicy({
    maxAttempts: 4,
    baseMs: 100,
    capMs: 2000,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms)
    }
  })

  it('never retries a non-retryable error such as bad-input', async () => {
    let calls = 0
    const err = await withRetry(policy, async () => {
      calls++
      throw new ApiError('bad-input', 'no', { status: 400 })
    }).catch((e) => e)
    expect(err.code).toBe('bad-input')
    expect(calls).toBe(1)
  })

  it('waits at least Retry-After when it is under the cap', async () => {
    sleeps.length = 0
    let calls = 0
    await withRetry(policy, async () => {
      if (calls++ === 0)
        throw new ApiError('rate-limited', 'wait', { status: 429, retryAfterMs: 1500 })
      return 'ok'
    })
    expect(sleeps).toEqual([1500])
  })

  it('an abort during the wait ends with aborted', async () => {
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 20)
    const err = await abortableSleep(10_000, ac.signal).catch((e) => e)
    expect(err.code).toBe('aborted')
  })
})
