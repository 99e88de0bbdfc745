import type { DomainHandlers } from '@shared/ipc/contract'
import { SYNC_RESOURCES } from '@shared/ipc/views.schema'
import type { AppCore } from '../context'
import { exportListings, listingImage, listingPage } from './listing-page'

/**
 * The Listings domain. `refreshedAt` remembers when a listing was refreshed on its own this
 * session, which the quote calculator shows as that listing's data age.
 */
export function listingHandlers(
  core: AppCore,
  refreshedAt: Map<number, number>
): DomainHandlers<'listings'> {
  const mirror = () => core.slot.get()
  return {
    'listings:search': async (input) => (await mirror()).searchListings(input),
    'listings:get': async ({ id }) => (await mirror()).listing(id) ?? null,
    'listings:facets': async () => (await mirror()).listingFacets(),
    'listings:page': async ({ id }) => listingPage(await mirror(), id),
    'listings:image': ({ id, index }) => listingImage(core.desk, id, index),
    'listings:export': async (input) =>
      exportListings(await mirror(), core.files, input, core.desk.today()),
    'listings:refresh': async ({ id }) => {
      const client = core.desk.client()
      try {
        // Reads by id are idempotent: these may be retried, and run side by side.
        const [listing, availability, rates] = await Promise.all([
          client.listing(id),
          client.availability(id),
          client.rates(id)
        ])
        const seenAt = core.desk.now()
        const changed = (await mirror()).refreshListing({ listing, availability, rates }, seenAt)
        const resources = SYNC_RESOURCES.filter((r) => changed[r])
        if (resources.length > 0) core.emit('db:changed', { resources })
        refreshedAt.set(id, seenAt)
        return { listingId: id, changed, found: listing !== undefined, refreshedAt: seenAt }
      } finally {
        await client.close().catch(() => undefined)
      }
    }
  }
}
