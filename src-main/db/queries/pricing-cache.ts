import type Database from 'better-sqlite3'
import type { Listing } from '@shared/api/listing.schema'
import { pricingSubset } from '../listing-pricing'
import type { RateRules } from '../packed-rates'
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
  exact: Record<string, number> | null
}

export class PricingCache {
  private readonly entries = new Map<number, PricingInputs>()
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
    let entry = this.entries.get(listingId)
    if (!entry) {
      const stored = this.listingStmt.get(listingId)
      let listing: Listing | undefined
      if (stored?.pricing) listing = JSON.parse(this.readJson(stored.pricing)) as Listing
      else if (stored?.json) listing = pricingSubset(JSON.parse(this.readJson(stored.json)))
      const r = this.rulesStmt.get(listingId)
      entry = {
        listing,
        rules: r ? (JSON.parse(r.rules) as RateRules) : undefined,
        exact: r?.exact ? (JSON.parse(r.exact) as Record<string, number>) : null
      }
      this.entries.set(listingId, entry)
    }
    return entry
  }

  /** Drops every entry if the data changed since they were read; call once per query. */
  refresh(): void {
    const stamp = this.freshness.stamp()
    if (stamp !== this.stamp) this.entries.clear()
    this.stamp = stamp
  }
}
