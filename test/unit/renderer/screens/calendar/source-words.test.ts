import { describe, expect, it } from 'vitest'
import { sourceWords } from '../../../../../src-renderer/src/screens/calendar/source-words'

const HOUR = 60 * 60_000
const now = Date.UTC(2026, 10, 23, 12)

describe('the months’ data-age line', () => {
  it('is quiet while the copy is fresh', () => {
    const words = sourceWords(now - 5 * 60_000, false, now)
    expect(words.tone).toBe('fresh')
    expect(words.text).toMatch(/^From the offline copy, rates synced 5 minutes ago \([^)]+\)$/)
  })

  it('flags a copy older than a day in words and tone, not the grey of "just now"', () => {
    const words = sourceWords(now - 3 * 24 * HOUR, false, now)
    expect(words.tone).toBe('stale')
    expect(words.text).toContain('rates synced 3 days ago')
    expect(words.text).toContain('older than a day: a sync brings it up to date')
  })

  it('says when the service can’t be reached, in the offline tone', () => {
    const words = sourceWords(now - 2 * HOUR, true, now)
    expect(words.tone).toBe('offline')
    expect(words.text).toContain('the service can’t be reached right now')
    expect(words.text).not.toContain('older than a day')
  })

  it('says when the rates were never synced', () => {
    expect(sourceWords(null, false, now)).toEqual({
      text: 'From the offline copy; its rates have not been synced yet',
      tone: 'fresh'
    })
  })
})
