import type { DomainHandlers } from '@shared/ipc/contract'
import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import type { AppContext } from '../context'
import { exportListings, listingImage, listingPage } from './listing-page'

/**
 * The Listings domain. `refreshedAt` remembers when a listing was refreshed on its own this
 * session, which the quote calculator shows as that listing's data age.
 */
export function listingHandlers(
  ctx: AppContext,
  refreshedAt: Map<number, number>
): DomainHandlers<'listings'> {
  return {
    // The figures at a glance count from main's today (UTC), as every offline answer does.
    'listings:search': async (input) =>
      (await ctx.mirror()).listings.search({ ...input, today: ctx.today() }),
    'listings:get': async ({ id }) => (await ctx.mirror()).listings.get(id) ?? null,
    'listings:facets': async () => (await ctx.mirror()).listings.facets(),
    'listings:page': async ({ id }) => listingPage(await ctx.mirror(), id),
    'listings:image': ({ id, index }) => listingImage(ctx, id, index),
    'listings:export': async (input) =>
      exportListings(await ctx.mirror(), ctx.files, input, ctx.today()),
    'listings:refresh': async ({ id }) => {
      const client = ctx.client()
      try {
        // Reads by id are idempotent: these may be retried, and run side by side.
        const [listing, availability, rates] = await Promise.all([
          client.listing(id),
          client.availability(id),
          client.rates(id)
        ])
        const seenAt = ctx.now()
        const changed = (await ctx.mirror()).sync.refreshListing(
          { listing, availability, rates },
          seenAt
        )
        const resources = SYNC_RESOURCES.filter((r) => changed[r])
        if (resources.length > 0) ctx.changed(resources)
        refreshedAt.set(id, seenAt)
        return { listingId: id, changed, found: listing !== undefined, refreshedAt: seenAt }
      } finally {
        await client.close().catch(() => undefined)
      }
    }
  }
}
