import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppCore } from '../core'

export function listingHandlers(core: AppCore): DomainHandlers<'listings'> {
  const mirror = () => core.slot.get()
  return {
    'listings:search': async (input) => (await mirror()).searchListings(input),
    'listings:get': async ({ id }) => (await mirror()).listing(id) ?? null,
    'listings:facets': async () => (await mirror()).listingFacets()
  }
}
