/**
 * The sandbox's cancellation policies. The listing publishes them as `textList`; guest
 * cancellations refund by the same tiers, so what a client shows is what the sandbox refunds.
 */

export interface RefundTier {
  /** Applies when cancelled at least this many days before check-in. */
  minDaysBefore: number
  percent: number
}

export interface Policy {
  name: string
  /** Ordered from the earliest cancellation (highest refund) to the latest. */
  tiers: readonly RefundTier[]
}

export const POLICIES: readonly Policy[] = [
  {
    name: 'Flexible',
    tiers: [
      { minDaysBefore: 1, percent: 100 },
      { minDaysBefore: 0, percent: 0 }
    ]
  },
  {
    name: 'Moderate',
    tiers: [
      { minDaysBefore: 14, percent: 100 },
      { minDaysBefore: 7, percent: 50 },
      { minDaysBefore: 0, percent: 0 }
    ]
  },
  {
    name: 'Strict',
    tiers: [
      { minDaysBefore: 60, percent: 100 },
      { minDaysBefore: 30, percent: 50 },
      { minDaysBefore: 0, percent: 0 }
    ]
  },
  { name: 'Non-refundable', tiers: [{ minDaysBefore: 0, percent: 0 }] }
]

export function policyByName(name: string | undefined): Policy {
  return POLICIES.find((p) => p.name === name) ?? POLICIES[POLICIES.length - 1]
}

/** The tier for a cancellation `daysBefore` days before check-in (negative: after check-in). */
export function tierFor(policy: Policy, daysBefore: number): RefundTier {
  return policy.tiers.find((t) => daysBefore >= t.minDaysBefore) ?? { minDaysBefore: 0, percent: 0 }
}

function describe(
  tier: RefundTier,
  earlier: RefundTier | undefined
): { name: string; value: string } {
  const refund = tier.percent === 0 ? 'No refund' : `${tier.percent}% refund`
  if (tier.minDaysBefore === 0 && earlier === undefined) {
    return { name: 'Any time', value: `${refund} when cancelled at any time` }
  }
  if (tier.minDaysBefore === 0) {
    const days = earlier?.minDaysBefore ?? 1
    const span = `less than ${days} day${days === 1 ? '' : 's'} before arrival`
    return { name: `L${span.slice(1)}`, value: `${refund} when cancelled ${span}` }
  }
  return {
    name: `${tier.minDaysBefore} or more days before arrival`,
    value: `${refund} when cancelled ${tier.minDaysBefore} or more days before arrival`
  }
}

/** `textList` as the listing publishes it; also `listText` in booking details. */
export function policyTextList(policy: Policy): { name: string; value: string }[] {
  return policy.tiers.map((t, i) => describe(t, policy.tiers[i - 1]))
}
