import { z } from 'zod'

/** A screen setting kept per profile (the listings' filters and sort, the last search). */
export const PrefKey = z.enum(['listings.view', 'availability.search', 'timeline.view'])
export type PrefKey = z.infer<typeof PrefKey>
