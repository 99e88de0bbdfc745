import { deflateRawSync, inflateRawSync } from 'node:zlib'
import type { Listing } from '@shared/api/listing.schema'
import { pricingSubset } from './listing-pricing'

/**
 * How the listing JSON column is stored (migration 0004): raw deflate, since the JSON is about
 * half of the file and compresses 2.3 times; plain TEXT rows written before 0004 still read.
 * Deflate is deterministic for one zlib build, so an unchanged listing usually compresses to
 * the same bytes and the upsert can skip it without inflating the stored copy.
 */
export type StoredJson = string | Uint8Array

export function packJson(json: string): Buffer {
  return deflateRawSync(json)
}

export function unpackJson(stored: StoredJson): string {
  return typeof stored === 'string' ? stored : inflateRawSync(stored).toString('utf8')
}

export function sameStored(a: StoredJson, b: StoredJson): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b
  return Buffer.compare(a, b) === 0
}

/** The pricing column's JSON (listing-pricing.ts), before it is packed. */
export const pricingJson = (listing: Listing): string => JSON.stringify(pricingSubset(listing))

/** The most a listing's JSON inflated from a hub's line may hold (no listing comes near it). */
const MAX_INFLATED = 16 * 1024 * 1024

/** `base64` decoded and inflated (at most MAX_INFLATED), or undefined if it is no raw deflate. */
export function inflatedFrom(base64: unknown): { bytes: Buffer; json: string } | undefined {
  if (typeof base64 !== 'string') return undefined
  const bytes = Buffer.from(base64, 'base64')
  try {
    return {
      bytes,
      json: inflateRawSync(bytes, { maxOutputLength: MAX_INFLATED }).toString('utf8')
    }
  } catch {
    return undefined
  }
}

/**
 * `base64` decoded, if its bytes inflate to exactly `json`: the stored form a packed line
 * offers, checked (the output capped at the JSON's own length, so that no line can make a desk
 * inflate more than it was going to store). Anything else is undefined, and the caller deflates.
 */
export function packedAs(base64: unknown, json: string): Buffer | undefined {
  if (typeof base64 !== 'string') return undefined
  const bytes = Buffer.from(base64, 'base64')
  try {
    const inflated = inflateRawSync(bytes, { maxOutputLength: Buffer.byteLength(json) + 1 })
    return inflated.toString('utf8') === json ? bytes : undefined
  } catch {
    return undefined
  }
}
