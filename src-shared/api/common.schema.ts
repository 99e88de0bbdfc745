import { z } from 'zod'
import { isIsoDate } from '../domain/dates'

/**
 * Building blocks shared by every resource schema. The service is loose in places (its own
 * samples send numbers as strings, fields go missing, new statuses may appear), so responses
 * are parsed leniently; request bodies the app relies on are checked strictly.
 */

/** A number, or a string holding one (the spec's samples send `listingId: "123"`). */
export const numberish = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'must be a number')
    .transform(Number)
])

/** A whole number, also accepted as a numeric string. */
export const intish = numberish.pipe(z.number().int('must be a whole number'))

export const isoDate = z.string().refine(isIsoDate, 'must be a date YYYY-MM-DD')

/** Unix timestamp in seconds (`created`, `lastModified`, delta `{timestamp}`). */
export const unixSeconds = intish.pipe(z.number().nonnegative())

/**
 * EUR amount as the service sends it (a float, sometimes a numeric string).
 * @alias names what the field holds (knip: not a duplicate export of numberish)
 */
export const eur = numberish

/**
 * The service's `YYYY-MM-DD HH:mm:ss` timestamps have no zone and are UTC. Parsed to an ISO
 * 8601 string with `Z`; an ISO string with an explicit zone is accepted too.
 */
export const serviceDateTime = z
  .string()
  .trim()
  .transform((s, ctx) => {
    const text = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(s) ? `${s.replace(' ', 'T')}Z` : s
    const ms = Date.parse(text)
    if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: 'must be a time YYYY-MM-DD HH:mm:ss (UTC)' })
      return z.NEVER
    }
    return new Date(ms).toISOString()
  })

/** Formats an instant the way the service writes `expiresAt`: `YYYY-MM-DD HH:mm:ss`, UTC. */
export function toServiceDateTime(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ')
}

/**
 * An enumeration the service may extend: known values are listed for display and logic, any
 * other string still parses and is shown verbatim.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(known: T) {
  const schema = z.string() as unknown as z.ZodType<T[number] | (string & {}), string>
  return Object.assign(schema, { known })
}

/** Record keyed by a whole number written as a string, e.g. `{"7": 10}` in discount rules. */
export const numericKeyRecord = z.record(
  z.string().regex(/^\d+$/, 'key must be a whole number'),
  numberish
)

/** Error body the service returns with non-200 statuses. */
export const ServiceError = z.object({ message: z.string() })
export type ServiceError = z.infer<typeof ServiceError>

/** 4-character sales channel id. */
export const salesChannelId = z.string().length(4, 'must be 4 characters')
