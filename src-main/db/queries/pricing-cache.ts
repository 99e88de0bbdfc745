import type Database from 'better-sqlite3'
import type { Listing } from '@shared/api/listing.schema'
import type { RateRules } from '../packed-rates'
import type { StoredJson } from '../listing-json'
import type { Freshness } from './freshness'

/**
 * Parsed listing JSON and rate rules for pricing, per listing. Parsing a 5 KB listing for each
 * bookable result would dominate the offline search, so each is parsed once and kept until the
 * data changes (checked once per query with refresh(): a commit through this connection or
 * through the sync worker's). Only what pricing reads is kept.
 */
export interface PricingInputs {
  listing: Listing | undefined
  rules: RateRules | undefined
  exact: Record<string, number> | null
}

const PRICING_FIELDS = [
  'id',
  'active',
  'maxGuest',
  'advanceNotice',
  'bookingType',
  'cleaning',
  'taxes',
  'localTax',
  'securityDeposit',
  'cancellationPolicy',
  'extras',
  'specialRates',
  'basicRates'
] as const

export class PricingCache {
  private readonly entries = new Map<number, PricingInputs>()
  private readonly listingStmt: Database.Statement<[number], StoredJson>
  private readonly rulesStmt: Database.Statement<[number], { rules: string; exact: string | null }>
  private stamp: string | undefined

  constructor(
    db: Database.Database,
    private readonly freshness: Freshness,
    /** The listings.json column to JSON text (it is stored compressed, see listing-json.ts). */
    private readonly readJson: (stored: StoredJson) => string
  ) {
    this.listingStmt = db
      .prepare<[number], StoredJson>('SELECT json FROM listings WHERE id = ?')
      .pluck()
    this.rulesStmt = db.prepare('SELECT rules, exact FROM rates WHERE listing_id = ?')
  }

  get(listingId: number): PricingInputs {
    let entry = this.entries.get(listingId)
    if (!entry) {
      const stored = this.listingStmt.get(listingId)
      let listing: Listing | undefined
      if (stored !== undefined) {
        const full = JSON.parse(this.readJson(stored)) as Record<string, unknown>
        const picked: Record<string, unknown> = {}
        for (const f of PRICING_FIELDS) if (full[f] !== undefined) picked[f] = full[f]
        listing = picked as Listing
      }
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
