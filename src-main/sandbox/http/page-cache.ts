import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'
import { gzipAsync, GZIP_OPTIONS } from './respond'

const gunzipAsync = promisify(gunzip)

/**
 * Serialized bodies of full (non-delta) pages. An entry is valid while the listings on its
 * page and their store versions are unchanged, so a booking or churn tick only re-serializes
 * the pages holding a changed listing. The gzipped body (≈1/20 of the size) is always kept;
 * raw bodies are kept up to a byte budget, since 10,000 listings are ≈930 MB of JSON.
 */
export interface CachedPage {
  raw(): Promise<Buffer>
  gzipped(): Promise<Buffer>
}

interface Entry {
  ids: readonly number[]
  versions: number[]
  raw: Buffer | undefined
  gz: Promise<Buffer> | undefined
}

const DEFAULT_RAW_BUDGET = 256 * 1024 * 1024
/**
 * Entries kept at most, least recently used dropped first: three resources of 200 listings a
 * page cover 100,000 listings, and a client asking for page after page beyond the end (each a
 * distinct key) can't make the cache grow without bound.
 */
const DEFAULT_MAX_ENTRIES = 1500

export class PageCache {
  private readonly entries = new Map<string, Entry>()
  private rawBytes = 0

  constructor(
    private readonly rawBudget = DEFAULT_RAW_BUDGET,
    private readonly maxEntries = DEFAULT_MAX_ENTRIES
  ) {}

  /**
   * The page under `key` for these listing ids at these versions; `build` serializes it when
   * the cached copy is missing or stale.
   */
  get(key: string, ids: readonly number[], versions: number[], build: () => Buffer): CachedPage {
    let entry = this.entries.get(key)
    if (entry && !sameVersions(entry, ids, versions)) {
      this.forget(key, entry)
      entry = undefined
    }
    if (!entry) {
      entry = { ids, versions, raw: undefined, gz: undefined }
    }
    // Map order doubles as recency order for the raw-body budget and the entry cap.
    this.entries.delete(key)
    this.entries.set(key, entry)
    while (this.entries.size > this.maxEntries) {
      const [oldest, old] = this.entries.entries().next().value!
      this.forget(oldest, old)
    }
    const current = entry
    return {
      raw: async () => {
        if (current.raw) return current.raw
        const raw = current.gz ? await gunzipAsync(await current.gz, GZIP_OPTIONS) : build()
        this.keepRaw(current, raw)
        return raw
      },
      gzipped: () => {
        if (!current.gz) {
          const raw = current.raw ?? build()
          this.keepRaw(current, raw)
          current.gz = gzipAsync(raw, GZIP_OPTIONS)
        }
        return current.gz
      }
    }
  }

  /** Pages held (for tests). */
  get size(): number {
    return this.entries.size
  }

  /** Bytes held in raw bodies (for measurements). */
  get rawSize(): number {
    return this.rawBytes
  }

  clear(): void {
    this.entries.clear()
    this.rawBytes = 0
  }

  private keepRaw(entry: Entry, raw: Buffer): void {
    if (entry.raw) return
    entry.raw = raw
    this.rawBytes += raw.length
    for (const other of this.entries.values()) {
      if (this.rawBytes <= this.rawBudget) break
      if (other === entry || !other.raw) continue
      this.rawBytes -= other.raw.length
      other.raw = undefined
    }
  }

  private forget(key: string, entry: Entry): void {
    if (entry.raw) this.rawBytes -= entry.raw.length
    this.entries.delete(key)
  }
}

function sameVersions(entry: Entry, ids: readonly number[], versions: number[]): boolean {
  if (entry.ids.length !== ids.length) return false
  for (let i = 0; i < ids.length; i++) {
    if (entry.ids[i] !== ids[i] || entry.versions[i] !== versions[i]) return false
  }
  return true
}
