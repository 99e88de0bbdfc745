import type { SyncResourceName } from '@shared/ipc/sync.schema'

export const RESOURCE_LABEL: Record<SyncResourceName, string> = {
  listings: 'Listings',
  availability: 'Availability',
  rates: 'Rates'
}

export const PHASE_LABEL = {
  never: 'Never synced',
  full: 'Full download',
  delta: 'Incremental updates'
} as const
