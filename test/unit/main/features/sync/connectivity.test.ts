import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../src-main/api'
import { Connectivity, reachOf } from '../../../../../src-main/features/sync/connectivity'
import { AppError } from '../../../../../src-main/errors'

describe('reachOf: what a failed call says about reaching the service', () => {
  it('no answer at all is unreachable, whether a read or a write', () => {
    expect(reachOf(new ApiError('offline', 'down'))).toBe('unreachable')
    expect(reachOf(new ApiError('timeout', 'slow'))).toBe('unreachable')
    expect(reachOf(new ApiError('outcome-unknown', 'lost', { detail: 'ECONNRESET' }))).toBe(
      'unreachable'
    )
  })

  it('an answer with a status is the service reached, even a refusal or a 5xx', () => {
    expect(reachOf(new ApiError('not-found', 'no', { status: 404 }))).toBe('reached')
    expect(reachOf(new ApiError('server-error', 'oops', { status: 503 }))).toBe('reached')
    expect(reachOf(new ApiError('outcome-unknown', '5xx', { status: 503 }))).toBe('reached')
  })

  it('a cancelled call, a refusal before sending or a bug says nothing', () => {
    expect(reachOf(new ApiError('aborted', 'cancelled'))).toBe('unknown')
    expect(reachOf(new ApiError('bad-input', 'no channel'))).toBe('unknown')
    expect(reachOf(new AppError('internal', 'bug'))).toBe('unknown')
    expect(reachOf(new TypeError('bug'))).toBe('unknown')
  })
})

describe('Connectivity', () => {
  it('tells the window only about changes, per profile', () => {
    const sent: unknown[] = []
    const c = new Connectivity((event, payload) => void sent.push([event, payload]))
    c.note('a', 'unreachable')
    c.note('a', 'unreachable')
    c.note('b', 'reached')
    c.note('a', 'unknown')
    expect(c.isOffline('a')).toBe(true)
    expect(c.isOffline('b')).toBe(false)
    c.note('a', 'reached')
    expect(sent).toEqual([
      ['connectivity:changed', { profileId: 'a', offline: true }],
      ['connectivity:changed', { profileId: 'a', offline: false }]
    ])
  })
})
