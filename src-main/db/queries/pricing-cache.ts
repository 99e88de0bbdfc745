import type Database from 'better-sqlite3'
import type { Listing } from '@shared/api/listing.schema'
import { pricingSubset } from '../listing-pricing'
import type { RateRules } from '@shared/calendar/packed-rates'
import { discountTables, type DiscountTables } from '@shared/domain/discounts'
import type { StoredJson } from '../listing-json'
import type { Freshness } from './freshness'

/**
 * Parsed pricing fields (listing-pricing.ts) and rate rules, per listing, for the search's
 * estimates. Each is parsed once and kept until the
 * data changes (checked once per query with refresh(): a commit through this connection or
 * through the sync worker's). Only what pricing reads is kept.
 */
export interface PricingInputs {
  listing: Listing | undefined
  rules: RateRules | undefined
  /** The rules' discount tables, built with them (every search's totals read them). */
  discounts: DiscountTables | undefined
  exact: Record<string, number> | null
}

/** What an entry was parsed from: the next fill reuses the entry while the row holds the same. */
interface Parsed {
  inputs: PricingInputs
  pricing: Uint8Array | null
  rules: string | null
  exact: string | null
}

export class PricingCache {
  private entries = new Map<number, Parsed>()
  /**
   * The entries from before the data last changed. A commit (every sync page) changes few
   * listings' pricing, but a search after it priced every bookable listing again: at 50,000
   * listings 18,000 inflates and JSON parses and the garbage they left, most of a first search's
   * 2 s. The rows are still read; only a row that is byte for byte the same keeps its entry.
   */
  private previous = new Map<number, Parsed>()
  private readonly listingStmt: Database.Statement<
    [number],
    { pricing: Uint8Array | null; json: StoredJson | null }
  >
  private readonly rulesStmt: Database.Statement<[number], { rules: string; exact: string | null }>
  private stamp: string | undefined

  constructor(
    db: Database.Database,
    private readonly freshness: Freshness,
    /** The listings.json column to JSON text (it is stored compressed, see listing-json.ts). */
    private readonly readJson: (stored: StoredJson) => string
  ) {
    // The full JSON is read only for rows written before the pricing column existed.
    this.listingStmt = db.prepare(
      'SELECT pricing, CASE WHEN pricing IS NULL THEN json END AS json FROM listings WHERE id = ?'
    )
    this.rulesStmt = db.prepare('SELECT rules, exact FROM rates WHERE listing_id = ?')
  }

  get(listingId: number): PricingInputs {
    const known = this.entries.get(listingId)
    if (known) return known.inputs
    const stored = this.listingStmt.get(listingId)
    const r = this.rulesStmt.get(listingId)
    const pricing = stored?.pricing ?? null
    const rules = r?.rules ?? null
    const exact = r?.exact ?? null
    const before = this.previous.get(listingId)
    let entry: Parsed
    if (
      before !== undefined &&
      pricing instanceof Uint8Array &&
      before.pricing instanceof Uint8Array &&
      Buffer.compare(before.pricing, pricing) === 0 &&
      before.rules === rules &&
      before.exact === exact
    ) {
      entry = before
    } else {
      let listing: Listing | undefined
      if (pricing) listing = JSON.parse(this.readJson(pricing)) as Listing
      else if (stored?.json) listing = pricingSubset(JSON.parse(this.readJson(stored.json)))
      const parsed = rules !== null ? (JSON.parse(rules) as RateRules) : undefined
      const inputs = {
        listing,
        rules: parsed,
        discounts: parsed && discountTables(parsed),
        exact: exact ? (JSON.parse(exact) as Record<string, number>) : null
      }
      entry = { inputs, pricing, rules, exact }
    }
    this.entries.set(listingId, entry)
    return entry.inputs
  }

  /** The data's stamp at the last refresh: what was computed from the entries holds while it does. */
  version(): string | undefined {
    return this.stamp
  }

  /** Sets the entries aside if the data changed since they were read; call once per query. */
  refresh(): void {
    const stamp = this.freshness.stamp()
    if (stamp !== this.stamp) {
      // Entries read under an older stamp than the last are not kept twice.
      if (this.entries.size > 0) this.previous = this.entries
      this.entries = new Map()
    }
    this.stamp = stamp
  }
}
