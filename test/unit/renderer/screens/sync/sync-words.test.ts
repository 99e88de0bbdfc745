import { describe, expect, it } from 'vitest'
import { SYNC_RESOURCES, type ResourceSyncResult, type SyncSummary } from '@shared/ipc/sync.schema'
import {
  applyProgress,
  progressSnapshot,
  resetProgress,
  type ResourceProgress
} from '../../../../../src-renderer/src/ipc/progress-store'
import { dataAgeTone } from '../../../../../src-renderer/src/components/data-age'
import { dataAgeText } from '../../../../../src-renderer/src/components/data-source'
import {
  progressText,
  resultLine,
  syncOutcome
} from '../../../../../src-renderer/src/screens/sync/summary'

const result = (over: Partial<ResourceSyncResult>): ResourceSyncResult => ({
  resource: 'listings',
  mode: 'delta',
  pages: 1,
  records: 0,
  changed: 0,
  quarantined: 0,
  ...over
})

const summary = (over: Partial<SyncSummary>): SyncSummary => ({
  profileId: 'demo',
  full: false,
  startedAt: 0,
  finishedAt: 0,
  results: [],
  errors: [],
  ...over
})

describe('what a finished sync says', () => {
  it('says "no changes" rather than "0 records, 0 changed"', () => {
    expect(resultLine(result({}))).toBe('Listings: no changes')
    expect(resultLine(result({ resource: 'rates', records: 3, changed: 3 }))).toBe(
      'Rates: 3 changed'
    )
    expect(resultLine(result({ mode: 'full+delta', records: 10_000, changed: 10_000 }))).toBe(
      'Listings: 10,000 records downloaded'
    )
    expect(resultLine(result({ mode: 'full+delta', records: 1, restarted: true }))).toMatch(
      /1 record downloaded, started over/
    )
  })

  it('reports a service outage as working offline, each sentence once', () => {
    const message = 'The service cannot be reached. Check the internet connection and try again.'
    const outcome = syncOutcome(
      summary({
        errors: SYNC_RESOURCES.map((resource) => ({
          resource,
          code: 'offline' as const,
          message
        }))
      })
    )
    expect(outcome.kind).toBe('warning')
    expect(outcome.title).toBe('Working offline')
    expect(outcome.message.split(message)).toHaveLength(2)
    // Main's sentence stands on its own after what it concerns, not after a colon.
    expect(outcome.message).toContain(`Listings, availability and rates not updated. ${message}`)
    expect(outcome.message).not.toMatch(/inside StayDesk|restart/i)
  })

  it('a 5xx is an outage too; a refused token is a problem to fix', () => {
    const err = (code: 'server-error' | 'unauthorized') =>
      syncOutcome(summary({ errors: [{ resource: 'rates', code, message: 'x' }] })).kind
    expect(err('server-error')).toBe('warning')
    expect(err('unauthorized')).toBe('error')
    expect(syncOutcome(summary({ results: [result({})] }))).toEqual({
      kind: 'success',
      title: 'Sync finished',
      message: 'Listings: no changes'
    })
  })
})

describe('progress of a run', () => {
  const last = (events: Parameters<typeof applyProgress>[0][]): ResourceProgress => {
    resetProgress()
    for (const e of events) applyProgress(e)
    return progressSnapshot().listings!
  }

  it('keeps the download’s counts when the catch-up pass follows ("of 0" was the defect)', () => {
    const p = last([
      { type: 'start', resource: 'listings', mode: 'full' },
      {
        type: 'page',
        resource: 'listings',
        mode: 'full',
        pagesDone: 1,
        recordsDone: 200,
        quarantined: 0,
        total: 250
      },
      {
        type: 'page',
        resource: 'listings',
        mode: 'full',
        pagesDone: 2,
        recordsDone: 250,
        quarantined: 0,
        total: 250
      },
      {
        type: 'page',
        resource: 'listings',
        mode: 'delta',
        pagesDone: 1,
        recordsDone: 40,
        quarantined: 0,
        changed: 3,
        total: 40,
        catchUp: true
      },
      {
        type: 'done',
        resource: 'listings',
        result: result({ mode: 'full+delta', pages: 3, records: 253, changed: 253 })
      }
    ])
    expect(progressText(p)).toBe(
      'Done · 2 pages · 250 of 250 records · 3 changed during the download'
    )
  })

  it('says nothing changed during the download when the pass only read records again', () => {
    const page = (mode: 'full' | 'delta', more: { changed?: number; catchUp?: true } = {}) => ({
      type: 'page' as const,
      resource: 'listings' as const,
      mode,
      pagesDone: 1,
      recordsDone: 200,
      quarantined: 0,
      total: 200,
      ...more
    })
    const p = last([
      { type: 'start', resource: 'listings', mode: 'full' },
      page('full'),
      page('delta', { changed: 0, catchUp: true })
    ])
    expect(progressText(p)).toBe('1 page · 200 of 200 records')
  })

  it('a changes-only run that found nothing says so', () => {
    const p = last([
      { type: 'start', resource: 'listings', mode: 'delta' },
      {
        type: 'page',
        resource: 'listings',
        mode: 'delta',
        pagesDone: 1,
        recordsDone: 0,
        quarantined: 0,
        total: 0
      },
      { type: 'done', resource: 'listings', result: result({}) }
    ])
    expect(progressText(p)).toBe('Done · no changes')
  })
})

describe('data age line', () => {
  const status = {
    profileId: 'demo',
    running: true,
    offline: false,
    resources: []
  }
  const resource = {
    resource: 'listings' as const,
    phase: 'full' as const,
    lastSuccessAt: null,
    dataAgeMs: null,
    records: 2200,
    quarantined: 0,
    lastError: null
  }

  it('never says "never synced" above rows that are there', () => {
    expect(dataAgeText(status, resource, 0)).toBe(
      'Offline copy, first download in progress: 2,200 listings so far'
    )
    expect(
      dataAgeText({ ...status, running: false }, { ...resource, records: 0, phase: 'never' }, 0)
    ).toBe('Offline copy, not synced yet')
    expect(
      dataAgeText(
        { ...status, offline: true },
        { ...resource, lastSuccessAt: 0, phase: 'delta' },
        5 * 60_000
      )
    ).toBe(
      'Offline copy, synced 5 minutes ago · the service can’t be reached right now · sync running'
    )
  })
})

describe('a data-age line flags a copy older than a day', () => {
  const day = 24 * 60 * 60_000
  const status = { profileId: 'demo', running: false, offline: false, resources: [] }
  const synced = (at: number) => ({
    resource: 'rates' as const,
    phase: 'delta' as const,
    lastSuccessAt: at,
    dataAgeMs: null,
    records: 60,
    quarantined: 0,
    lastError: null
  })

  it('says it in words and gives it its own tone, unlike "just now"', () => {
    const now = 10 * day
    expect(dataAgeText(status, synced(now - 3 * day), now)).toBe(
      'Offline copy, synced 3 days ago · older than a day: a sync brings it up to date'
    )
    expect(dataAgeTone(status, synced(now - 3 * day), now)).toBe('stale')
    expect(dataAgeText(status, synced(now - 1000), now)).toBe('Offline copy, synced just now')
    expect(dataAgeTone(status, synced(now - 1000), now)).toBe('fresh')
    // 23 hours is not yet a day.
    expect(dataAgeTone(status, synced(now - 23 * 60 * 60_000), now)).toBe('fresh')
  })

  it('a service that can’t be reached is its own tone, whatever the age', () => {
    const now = 10 * day
    expect(dataAgeTone({ ...status, offline: true }, synced(now - 1000), now)).toBe('offline')
  })
})
