import { describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import {
  journalKey,
  liveKey,
  mirrorKey,
  mirrorQuery,
  readsChanged,
  syncKey
} from '../../../../src-renderer/src/ipc/query-keys'

/**
 * `db:changed` re-reads every query that read a changed resource: those that declare several
 * (a calendar month reads availability and rates) as well as those filed under one.
 */
describe('query invalidation by the resources a query reads', () => {
  async function staleAfter(changed: Parameters<typeof readsChanged>[1]) {
    const qc = new QueryClient()
    const queries: Record<
      string,
      { queryKey: readonly unknown[]; meta?: Record<string, unknown> }
    > = {
      month: mirrorQuery(['availability', 'rates'], 'calendar', 'month', 1, '2027-02'),
      search: mirrorQuery(['availability', 'listings', 'rates'], 'search', {}),
      facets: { queryKey: mirrorKey('listings', 'facets') },
      recent: { queryKey: mirrorKey('bookings', 'recent', {}) },
      quote: { queryKey: liveKey('quote', {}) },
      journal: { queryKey: journalKey('list') },
      status: { queryKey: syncKey('status') }
    }
    for (const q of Object.values(queries)) {
      await qc.prefetchQuery({ ...q, queryFn: () => 1, staleTime: Infinity })
    }
    await qc.invalidateQueries({ predicate: (q) => readsChanged(q, changed) })
    return Object.entries(queries)
      .filter(([, q]) => qc.getQueryState(q.queryKey)?.isInvalidated)
      .map(([name]) => name)
  }

  it('a change of rates re-reads the queries that declared rates, not only those filed under it', async () => {
    expect(await staleAfter(['rates'])).toEqual(['month', 'search'])
  })

  it('a change of listings re-reads the search and the facets, not the month', async () => {
    expect(await staleAfter(['listings'])).toEqual(['search', 'facets'])
  })

  it('kept bookings re-read only the bookings; live and journal answers are never touched', async () => {
    expect(await staleAfter(['bookings'])).toEqual(['recent'])
    expect(await staleAfter(['availability', 'rates', 'listings', 'bookings'])).not.toContain(
      'quote'
    )
  })

  it('a query declaring several resources is still filed under the first, for writes', () => {
    expect(mirrorQuery(['rates', 'listings'], 'rules', 7).queryKey).toEqual(
      mirrorKey('rates', 'rules', 7)
    )
  })
})
