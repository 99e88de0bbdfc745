import { describe, expect, it } from 'vitest'
import { liveAskedText } from '../../../src-renderer/src/screens/availability/results-words'
import {
  liveQuoteAskedText,
  liveQuotePhase
} from '../../../src-renderer/src/screens/quote/live-words'

const now = Date.UTC(2030, 4, 15, 12)
const priced = { state: 'priced' } as Parameters<typeof liveQuotePhase>[0]

/**
 * The two live sections (Availability's second opinion, the Quote's live column) say the same
 * things about the service's answer in the same words (components/data-source.ts).
 */
describe('the live sections’ lines', () => {
  it('say an answer from the service in one sentence', () => {
    const asked = now - 5 * 60_000
    expect(liveQuoteAskedText(liveQuotePhase(priced, false, null), asked, now)).toBe(
      liveAskedText({ phase: 'answered' }, asked, now)
    )
  })

  it('name an earlier answer left on screen after a failed ask in one sentence', () => {
    const asked = now - 5 * 60_000
    const quote = liveQuoteAskedText(liveQuotePhase(priced, false, now - 10_000), asked, now)
    const availability = liveAskedText({ phase: 'failed', failure: 'x' }, asked, now)
    const earlier = (text: string) => text.slice(text.indexOf('Below, '))
    expect(earlier(quote)).toBe(earlier(availability))
    expect(earlier(quote)).toMatch(/^Below, the service’s earlier answer, asked 5 minutes ago/)
  })
})
