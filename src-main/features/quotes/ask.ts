import type { z } from 'zod'
import { listingName } from '@shared/domain/listing-display'
import { fromWireQuote } from '@shared/domain/quote-wire'
import { isOutage } from '@shared/errors'
import type { QuoteAnswer, QuoteInput } from '@shared/ipc/quotes.schema'
import { estimateView, quoteDifferences, quoteView } from '@shared/domain/quote-view'
import { toAppError } from '../../errors'
import { refuseOutsideWindow } from '../stay-window'
import type { ProfileContext } from '../context'

type Side = QuoteAnswer['live']

/**
 * A stay quoted twice: live by the service (the exact price), and estimated from the offline
 * copy with the same pricing code the mirror's search uses. Where the two disagree, the copy is
 * stale for this listing; a refresh (listings:refresh) brings it up to date.
 */
export async function askQuote(
  ctx: ProfileContext,
  input: z.output<typeof QuoteInput>,
  /** When each listing was last refreshed on its own this session (the sync's age otherwise). */
  refreshedAt: ReadonlyMap<number, number>
): Promise<QuoteAnswer> {
  refuseOutsideWindow(input, ctx.today())
  const mirror = await ctx.mirror()
  const stay = {
    from: input.from,
    to: input.to,
    adults: input.adults,
    ...(input.children !== undefined ? { children: input.children } : {}),
    ...(input.childrenAges !== undefined ? { childrenAges: input.childrenAges } : {})
  }
  const listing = mirror.listings.get(input.listingId)
  const estimate = mirror.calendars.estimate(input.listingId, stay, ctx.today())
  const offline: Side =
    estimate === undefined
      ? { state: 'unknown-listing' }
      : estimate.available
        ? { state: 'priced', quote: estimateView(estimate.price, input.from) }
        : { state: 'unavailable', reasons: estimate.misses.map((m) => m.message) }

  const live = await liveQuote(ctx, input)
  const differences =
    live.state === 'priced' && offline.state === 'priced'
      ? quoteDifferences(live.quote, offline.quote)
      : live.state !== 'unreachable' &&
          live.state !== offline.state &&
          offline.state !== 'unknown-listing'
        ? [
            {
              field: 'available',
              label: 'Can be booked',
              live: live.state === 'priced' ? 'yes' : 'no',
              offline: offline.state === 'priced' ? 'yes' : 'no'
            }
          ]
        : []
  const synced = mirror.sync.cursor('rates')?.lastSuccessAt ?? null
  const refreshed = refreshedAt.get(input.listingId) ?? null
  return {
    listing: listing
      ? {
          id: listing.id,
          name: listingName(listing),
          bookingType: listing.bookingType ?? null,
          maxGuest: listing.maxGuest ?? null
        }
      : null,
    live,
    offline,
    differences,
    offlineAsOf: Math.max(synced ?? 0, refreshed ?? 0) || null,
    askedAt: ctx.now()
  }
}

async function liveQuote(ctx: ProfileContext, input: z.output<typeof QuoteInput>): Promise<Side> {
  const profile = ctx.profile()
  let client
  try {
    client = ctx.client()
    const answer = await client.quote({
      ...input,
      ...(profile.salesBrand ? { salesBrand: profile.salesBrand } : {})
    })
    if ('reasons' in answer) return { state: 'unavailable', reasons: answer.reasons }
    return { state: 'priced', quote: quoteView(fromWireQuote(answer)) }
  } catch (err) {
    const e = toAppError(err)
    // The service being away, or answering what can't be read, is part of the answer: the
    // estimate still shows beside it.
    if (isOutage(e.code) || e.code === 'unauthorized' || e.code === 'bad-response')
      return { state: 'unreachable', message: e.message }
    if (e.code === 'not-found') return { state: 'unavailable', reasons: [e.message] }
    throw err
  } finally {
    await client?.close().catch(() => undefined)
  }
}
