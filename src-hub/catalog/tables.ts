import type { HubAction } from '@shared/domain/hub-roles'
import type { SyncResourceName } from '@shared/ipc/sync.schema'

/** Where each synced resource is kept (migrations/0002_catalog.ts), one table per resource. */
export const CATALOG_TABLES = {
  listings: 'hub_listing',
  availability: 'hub_availability',
  rates: 'hub_rate'
} as const satisfies Record<SyncResourceName, string>

/**
 * Records per page, as the service pages them: 200 for listings and rates (the spec), and 200
 * for availability too, which the spec leaves open: the page size the sandbox uses, so a desk's
 * walk from the hub has the shape of its walk from the service.
 */
export const PAGE_SIZE = 200

/** What reading each resource needs of a desk's role (src-shared/domain/hub-roles.ts). */
export const CATALOG_ACTION: Record<SyncResourceName, HubAction> = {
  listings: 'listings:read',
  availability: 'availability:read',
  rates: 'availability:read'
}
