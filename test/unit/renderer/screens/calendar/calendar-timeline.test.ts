import { describe, expect, it } from 'vitest'
import { blocksFor } from '../../../../../src-renderer/src/components/row-window'
import {
  dayIndexAt,
  dayNumbersText,
  glyphText,
  lettersOfGlyphs,
  rowGradient,
  timelineBlocks,
  timelineKey
} from '../../../../../src-renderer/src/screens/calendar/timeline-layout'
import {
  dayLetterWords,
  rowSummary
} from '../../../../../src-renderer/src/screens/calendar/timeline-words'
import {
  DEFAULT_TIMELINE,
  TimelineSettings,
  timelineFilter
} from '../../../../../src-renderer/src/screens/calendar/timeline-settings'

describe('the timeline’s day letters', () => {
  it('draw one glyph a day, three characters wide, and read back', () => {
    expect(glyphText('iox-')).toBe(' i  ·  ×  ? ')
    expect(lettersOfGlyphs(glyphText('ioox-xi'))).toBe('ioox-xi')
    // An unexpected letter is shown as unknown, never as open.
    expect(glyphText('z')).toBe(' ? ')
  })

  it('colour runs of equal days with one gradient stop pair each', () => {
    expect(rowGradient('iiox')).toBe(
      'linear-gradient(to right, var(--tl-checkin) 0ch 6ch, var(--tl-open) 6ch 9ch, var(--tl-closed) 9ch 12ch)'
    )
    expect(rowGradient('o'.repeat(56)).match(/var\(/g)).toHaveLength(1)
    expect(rowGradient('')).toBe('none')
  })

  it('sum a row up and word one day, for screen readers', () => {
    expect(rowSummary('iiooox-')).toBe(
      '2 days open with check-in, 3 days open without check-in, 1 day closed, 1 day not in the offline copy'
    )
    expect(rowSummary('')).toBe('no days')
    expect(dayLetterWords('iox', 1)).toBe('open, no check-in')
    expect(dayLetterWords('iox', 9)).toBe('not in the offline copy')
  })

  it('number the header’s days in the same three-character columns', () => {
    const text = dayNumbersText(['2026-11-30', '2026-12-01', '2026-12-10'])
    expect(text).toBe('30  1 10 ')
    expect(text.length).toBe(9)
  })

  it('find the day under a click, and the blocks of rows a range needs', () => {
    expect(dayIndexAt(0, 560, 56)).toBe(0)
    expect(dayIndexAt(105, 560, 56)).toBe(10)
    expect(dayIndexAt(9999, 560, 56)).toBe(55)
    expect(blocksFor(0, 30, 500)).toEqual([0])
    expect(blocksFor(480, 530, 500)).toEqual([0, 500])
    expect(blocksFor(9012, 9050, 500)).toEqual([9000])
    expect(blocksFor(0, -1, 500)).toEqual([])
  })

  it('ask for the next block of rows half a block before they come into view', () => {
    // Rows 0-40 in view: the first block only.
    expect(timelineBlocks(0, 40, 50_000, 500)).toEqual([0])
    // Within half a block of the next block (and of the previous one): both asked for.
    expect(timelineBlocks(260, 300, 50_000, 500)).toEqual([0, 500])
    expect(timelineBlocks(700, 740, 50_000, 500)).toEqual([0, 500])
    expect(timelineBlocks(760, 800, 50_000, 500)).toEqual([500, 1000])
    // Never a block past the last row, and none while no row is drawn.
    expect(timelineBlocks(49_960, 49_999, 50_000, 500)).toEqual([49_500])
    expect(timelineBlocks(0, 5, 6, 500)).toEqual([0])
    expect(timelineBlocks(0, -1, 0, 500)).toEqual([])
  })

  it('move the active row and day with keys, inside the grid', () => {
    const size = { rows: 10_000, days: 56, page: 15 }
    expect(timelineKey('ArrowDown', false, { row: 0, day: 3 }, size)).toEqual({ row: 1, day: 3 })
    expect(timelineKey('ArrowUp', false, { row: 0, day: 3 }, size)).toEqual({ row: 0, day: 3 })
    expect(timelineKey('PageDown', false, { row: 9_990, day: 3 }, size)).toEqual({
      row: 9_999,
      day: 3
    })
    expect(timelineKey('ArrowRight', false, { row: 5, day: 55 }, size)).toEqual({ row: 5, day: 55 })
    expect(timelineKey('Home', false, { row: 5, day: 30 }, size)).toEqual({ row: 5, day: 0 })
    expect(timelineKey('End', true, { row: 5, day: 30 }, size)).toEqual({ row: 9_999, day: 30 })
    expect(timelineKey('Enter', false, { row: 5, day: 30 }, size)).toBe('open')
    expect(timelineKey('a', false, { row: 5, day: 30 }, size)).toBeNull()
  })
})

describe('the timeline’s saved settings', () => {
  it('send only the words given, trimmed', () => {
    expect(timelineFilter(DEFAULT_TIMELINE)).toBeUndefined()
    expect(timelineFilter({ ...DEFAULT_TIMELINE, city: ' Jávea ', text: ' ' })).toEqual({
      city: 'Jávea'
    })
  })

  it('drop a saved value of another shape for the defaults', () => {
    expect(TimelineSettings.safeParse({ ...DEFAULT_TIMELINE, weeks: 5 }).success).toBe(false)
    expect(TimelineSettings.safeParse(DEFAULT_TIMELINE).success).toBe(true)
  })
})
