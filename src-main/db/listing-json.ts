import { deflateRawSync, inflateRawSync } from 'node:zlib'

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
