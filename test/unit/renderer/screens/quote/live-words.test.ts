import { describe, expect, it } from 'vitest'
import {
  liveQuoteAskedText,
  liveQuoteHeading,
  liveQuotePhase
} from '../../../../../src-renderer/src/screens/quote/live-words'

const now = Date.UTC(2030, 4, 15, 12)
const priced = { state: 'priced' } as Parameters<typeof liveQuotePhase>[0]
const unreachable = { state: 'unreachable', message: 'no answer' } as const

describe('the live quote column in words', () => {
  it('says a failed ask in its heading, never "from the service"', () => {
    const failed = liveQuotePhase(unreachable, false, null)
    expect(liveQuoteHeading(failed)).toBe('Live quote: not available')
    const text = liveQuoteAskedText(failed, now - 10_000, now)
    expect(text).toMatch(/^Asked the service just now \(.+\): no quote came back\.$/)
    expect(text).not.toContain('From the service')
  })

  it('names the quote on screen as earlier when the last ask failed outright', () => {
    const again = liveQuotePhase(priced, false, now - 10_000)
    expect(liveQuoteHeading(again)).toBe('Live quote: not available')
    const text = liveQuoteAskedText(again, now - 5 * 60_000, now)
    expect(text).toMatch(/^Asked the service again just now \(.+\): no quote came back\. /)
    expect(text).toMatch(
      /Below, the service’s earlier answer, asked 5 minutes ago \(.+\): it may no longer hold\.$/
    )
  })

  it('says when an answered quote was asked, and that a new ask is on its way', () => {
    const answered = liveQuotePhase(priced, false, null)
    expect(liveQuoteHeading(answered)).toBe('Live quote')
    expect(liveQuoteAskedText(answered, now - 10_000, now)).toMatch(
      /^From the service, asked just now \(.+\)\.$/
    )
    const asking = liveQuotePhase(unreachable, true, now)
    expect(liveQuoteHeading(asking)).toBe('Live quote')
    expect(liveQuoteAskedText(asking, now, now)).toBe('Asking the service…')
  })
})
