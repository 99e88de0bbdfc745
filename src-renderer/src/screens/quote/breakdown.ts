import type { QuoteAnswer, QuoteView } from '@shared/ipc/quotes.schema'
import type { ListingRefreshed } from '@shared/ipc/listings.schema'
import { isOutage, type AppErrorCode } from '@shared/errors'
import { agoAt } from '../../components/data-source'
import { priceLines, quotePriceParts, type PriceLine } from '@shared/domain/money-lines'

/**
 * The quote in words: which lines a breakdown shows, in what order, with which notes. Pure, so
 * the live column, the estimate column and the unit tests read the same rules (spec, Get quote,
 * pricing rules 1–4: the discount is already deducted; cleaning is in the total only when
 * mandatory; taxes are paid at check-in and never in the total).
 */

export type QuoteSide = QuoteAnswer['live']
export type DiscountRule = NonNullable<QuoteView['discountRule']>

/** One line of a breakdown: the shared rule's line (src-shared/domain/money-lines.ts). */
export type BreakdownLine = Omit<PriceLine, 'key'> & { key: string }

const RULE_WORDS: Record<DiscountRule['kind'], string> = {
  longerStay: 'Longer-stay discount',
  lastMinute: 'Last-minute discount',
  earlyBird: 'Early-bird discount'
}

/** "Longer-stay discount, 10%". */
export function discountRuleText(rule: DiscountRule): string {
  return `${RULE_WORDS[rule.kind]}, ${rule.percent}%`
}

export function bookingTypeText(type: string | null | undefined): string {
  if (type === 'instant') return 'Instant booking: confirmed at once'
  if (type === 'onRequest') return 'On request: the property manager confirms within 24 hours'
  return type ? type : 'Not stated'
}

/**
 * Why the live quote's discount is what it is. The service gives only the amount; the offline
 * estimate knows the rule. When both amounts agree the estimate's rule is the likely one (and
 * said to come from the estimate); otherwise the rule is not known, and saying so beats a guess.
 */
export function liveDiscountNote(live: QuoteView, offline: QuoteSide): string | undefined {
  if (live.discountCents === 0) return undefined
  if (
    offline.state === 'priced' &&
    offline.quote.discountRule &&
    offline.quote.discountCents === live.discountCents
  ) {
    return `${discountRuleText(offline.quote.discountRule)} (rule from the offline estimate; the amounts agree)`
  }
  return 'Rule not stated by the service'
}

/** The estimate's own discount note: it knows its rule. */
export function offlineDiscountNote(view: QuoteView): string | undefined {
  if (view.discountCents === 0) return undefined
  return view.discountRule ? discountRuleText(view.discountRule) : 'Rule not known'
}

/**
 * The lines that make up the total, top to bottom, ending with the total to pay: the one rule
 * the booking page and the voucher show a price by too.
 */
export function totalLines(view: QuoteView, discountNote?: string): BreakdownLine[] {
  return priceLines(quotePriceParts(view), { discountNote, totalLabel: 'Total to pay' })
}

/** Paid by the guest at check-in, never part of the total: each tax, then the local tax. */
export function checkInLines(view: QuoteView): BreakdownLine[] {
  const lines: BreakdownLine[] = view.taxes.map((t, i) => ({
    key: `tax-${i}`,
    label: t.name,
    cents: t.cents
  }))
  if (view.localTaxCents !== null) {
    lines.push({ key: 'localTax', label: 'Local tax', cents: view.localTaxCents })
  }
  return lines
}

/** What one side of the answer says when it holds no price. */
export function sideMessage(side: QuoteSide, which: 'live' | 'offline'): string | undefined {
  switch (side.state) {
    case 'priced':
      return undefined
    case 'unavailable':
      return which === 'live'
        ? 'The service says this stay cannot be booked:'
        : 'By the offline copy, this stay cannot be booked:'
    case 'unreachable':
      // The live column's heading already says "Live quote: not available": the reason alone.
      return which === 'live' ? side.message : `No estimate: ${side.message}`
    case 'unknown-listing':
      return which === 'live'
        ? 'The service does not know this listing.'
        : 'The offline copy holds no such listing: sync, or refresh this listing from the service.'
  }
}

/** "Offline copy of this listing from 5 minutes ago (12 Mar 2026, 10:04)". */
export function offlineAgeText(offlineAsOf: number | null, now: number): string {
  if (offlineAsOf === null)
    return 'This listing’s rates have not been synced to the offline copy yet.'
  return `Offline copy of this listing’s rates from ${agoAt(offlineAsOf, now)}`
}

/** The heading of the stale-copy warning, with how many fields differ. */
export function differencesTitle(count: number): string {
  return count === 1
    ? 'The live quote and the offline estimate differ in 1 amount: the offline copy may be stale'
    : `The live quote and the offline estimate differ in ${count} amounts: the offline copy may be stale`
}

/** A difference in one line: "Total to pay: live €1,020.00, offline €990.00". */
export function differenceLine(d: QuoteAnswer['differences'][number]): string {
  return `${d.label}: live ${d.live}, offline ${d.offline}`
}

/** What a refresh of one listing from the service did to the offline copy. */
export function refreshedText(r: ListingRefreshed): string {
  if (!r.found) {
    return 'The service no longer publishes this listing; the offline copy was left as it was.'
  }
  const changed = (
    [
      ['listings', 'the listing'],
      ['availability', 'its calendar'],
      ['rates', 'its rates']
    ] as const
  )
    .filter(([k]) => r.changed[k])
    .map(([, words]) => words)
  if (changed.length === 0)
    return 'Refreshed from the service: the offline copy was already up to date.'
  const list =
    changed.length === 1
      ? changed[0]
      : `${changed.slice(0, -1).join(', ')} and ${changed[changed.length - 1]}`
  return `Refreshed from the service: ${list} changed in the offline copy.`
}

/**
 * A failed ask whose cause is the service (away, failing, answering what can't be read, or the
 * answer lost): said as "live quote not available", never as an error of StayDesk.
 */
export function isServiceTrouble(code: AppErrorCode | undefined): boolean {
  if (!code) return false
  return isOutage(code) || ['bad-response', 'outcome-unknown', 'unauthorized'].includes(code)
}
