import type { StayMissCode } from '@shared/domain/stay-rules'
import type { StayRule } from '../../../../../../src-main/sandbox/state/pricing/stay-rules'

/**
 * The client's rule for each of the sandbox's. The two name and word their rules apart (the
 * service's reasons are its own sentences), so a test that holds the app's "not bookable" to the
 * service's refusal compares rules through this map, never the words.
 */
const CLIENT_CODE: Record<StayRule, StayMissCode | 'bad-party'> = {
  party: 'bad-party',
  inactive: 'inactive',
  'past-arrival': 'advance-notice',
  notice: 'advance-notice',
  'no-nights': 'min-stay',
  'closed-nights': 'not-available',
  'arrival-day': 'check-in-day',
  'departure-day': 'check-out-day',
  'min-stay': 'min-stay',
  'max-stay': 'max-stay',
  capacity: 'too-many-guests',
  'unpriced-nights': 'no-rate'
}

/** The sandbox's refusals in the client's codes, distinct and sorted. */
export function clientCodesOf(refusals: readonly { rule: string }[]): string[] {
  return [...new Set(refusals.map((r) => CLIENT_CODE[r.rule as StayRule]))].sort()
}
