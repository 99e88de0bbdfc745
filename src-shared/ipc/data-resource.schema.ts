import { z } from 'zod'
import { SYNC_RESOURCES } from './sync.schema'

/** Data the offline copy keeps besides the synced resources: bookings read, references set. */
const KEPT_DATA = ['bookings', 'references'] as const

export const DataResource = z.enum([...SYNC_RESOURCES, ...KEPT_DATA])
export type DataResource = z.infer<typeof DataResource>
