import type Database from 'better-sqlite3'
import type { Listing } from '@shared/api/listing.schema'
import type { RateRules } from '../packed-rates'

/**
 * Parsed listing JSON and rate rules for pricing, per listing. Parsing a 5 KB listing for each
 * bookable result would dominate the offline search, so each is parsed once and kept until the
 * next committed page (commitPage calls invalidate). Only what pricing reads is kept.
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
  private readonly listingStmt: Database.Statement<[number], string>
  private readonly rulesStmt: Database.Statement<[number], { rules: string; exact: string | null }>

  constructor(db: Database.Database) {
    this.listingStmt = db
      .prepare<[number], string>('SELECT json FROM listings WHERE id = ?')
      .pluck()
    this.rulesStmt = db.prepare('SELECT rules, exact FROM rates WHERE listing_id = ?')
  }

  get(listingId: number): PricingInputs {
    let entry = this.entries.get(listingId)
    if (!entry) {
      const json = this.listingStmt.get(listingId)
      let listing: Listing | undefined
      if (json !== undefined) {
        const full = JSON.parse(json) as Record<string, unknown>
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

  invalidate(): void {
    this.entries.clear()
  }
}
