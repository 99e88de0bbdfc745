import { blocksFor } from '../../components/row-window'

/**
 * The timeline's layout maths. The day letters (from calendar:timeline: `i` open with check-in allowed, `o` open,
 * `x` not available, `-` not in the offline copy) as a row draws them: one glyph a day in a
 * monospace run, over one gradient of colours, so a row is two elements however many days it
 * spans. Each glyph is three characters wide (space, glyph, space), so columns line up with the
 * header's day numbers, which are three characters each too.
 */

export type DayLetter = 'i' | 'o' | 'x' | '-'

export const DAY_LETTERS: readonly DayLetter[] = ['i', 'o', 'x', '-']

export const DAY_GLYPH: Record<DayLetter, string> = { i: 'i', o: '·', x: '×', '-': '?' }

/** The CSS custom property holding each letter's background (Timeline.module.css). */
const COLOUR_VAR: Record<DayLetter, string> = {
  i: 'var(--tl-checkin)',
  o: 'var(--tl-open)',
  x: 'var(--tl-closed)',
  '-': 'var(--tl-unknown)'
}

/** Characters per day in the row's text and the header's numbers, in the narrow layout. */
export const CELL_CH = 3

/**
 * Characters per day wide enough for a night's price beside its glyph: " i " and a price of up
 * to 5 characters ("€185", "€1.2K", "185 €"), then a space before the next day's glyph. The
 * threshold: prices are drawn only in columns at least this wide, never cut.
 */
export const PRICE_CH = 9

/** The widest price text a day of `cellCh` characters holds (0: no room for prices). */
export function priceRoom(cellCh: number): number {
  return cellCh >= PRICE_CH ? cellCh - 4 : 0
}

/**
 * Characters per day: `wide` asks for room for prices (scrolling sideways as needed); `narrow`
 * gets it too when the whole span fits the rendered width at that size (`roomPx`, the days'
 * part of the grid, with `chPx` pixels a character), else the three-character glyphs.
 */
export function dayChars(
  width: 'narrow' | 'wide',
  days: number,
  roomPx: number,
  chPx: number
): number {
  if (width === 'wide') return PRICE_CH
  return chPx > 0 && roomPx >= days * PRICE_CH * chPx ? PRICE_CH : CELL_CH
}

export function letterOf(c: string): DayLetter {
  return c === 'i' || c === 'o' || c === 'x' ? c : '-'
}

/** The row's text: " i  ·  × " for "iox"; wider days pad each glyph on the right. */
export function glyphText(days: string, cellCh = CELL_CH): string {
  const pad = ' '.repeat(cellCh - CELL_CH)
  let out = ''
  for (const c of days) out += ` ${DAY_GLYPH[letterOf(c)]} ${pad}`
  return out
}

/** Reads a row's text back into letters (the inverse of glyphText, for tests and checks). */
export function lettersOfGlyphs(text: string, cellCh = CELL_CH): string {
  const back = new Map(DAY_LETTERS.map((l) => [DAY_GLYPH[l], l]))
  let out = ''
  for (let i = 1; i < text.length; i += cellCh) out += back.get(text[i]) ?? '-'
  return out
}

/**
 * The row's text with each open night's price after its glyph (`price(cents)`, right-aligned
 * in the day): " i  €185 ", "–" for an open night without a published rate, blanks after a
 * closed or unknown day (a closed night's rate is no offer). One run of text like the glyphs
 * alone, so a row is still two elements: a second run over the first cost each new row of a
 * scroll a second text layout. A price wider than the room shows as "…", never cut mid-number.
 * Empty when the days have no room for prices.
 */
export function pricedGlyphText(
  days: string,
  prices: readonly (number | null)[],
  cellCh: number,
  price: (cents: number) => string
): string {
  const room = priceRoom(cellCh)
  if (room === 0) return ''
  const blank = ' '.repeat(room + 1)
  let out = ''
  for (let i = 0; i < days.length; i++) {
    const l = letterOf(days[i])
    out += ` ${DAY_GLYPH[l]} `
    if (l !== 'i' && l !== 'o') {
      out += blank
      continue
    }
    const cents = prices[i]
    let text = cents === null || cents === undefined ? NO_RATE_MARK : price(cents)
    // A price cut short would read as another price ("€123…" for €12,345): an ellipsis alone
    // says there is more, which the day's words and tooltip give in full.
    if (text.length > room) text = '…'
    out += `${text.padStart(room)} `
  }
  return out
}

/** What an open night without a published rate shows in place of a price. */
export const NO_RATE_MARK = '–'

/**
 * One hard-stopped gradient for the row's colours: a stop pair per run of equal letters (a
 * listing open for a month is one run, not thirty), positioned in `ch` like the glyphs.
 */
export function rowGradient(days: string, cellCh = CELL_CH): string {
  if (days.length === 0) return 'none'
  const stops: string[] = []
  let start = 0
  for (let i = 1; i <= days.length; i++) {
    if (i < days.length && letterOf(days[i]) === letterOf(days[start])) continue
    const colour = COLOUR_VAR[letterOf(days[start])]
    stops.push(`${colour} ${start * cellCh}ch ${i * cellCh}ch`)
    start = i
  }
  return `linear-gradient(to right, ${stops.join(', ')})`
}

/** How many days of each kind a row has, for its accessible name. */
export function letterCounts(days: string): Record<DayLetter, number> {
  const counts: Record<DayLetter, number> = { i: 0, o: 0, x: 0, '-': 0 }
  for (const c of days) counts[letterOf(c)]++
  return counts
}

/** The day a click at `x` pixels into a row of `width` pixels and `count` days falls on. */
export function dayIndexAt(x: number, width: number, count: number): number {
  if (width <= 0 || count <= 0) return 0
  return Math.min(count - 1, Math.max(0, Math.floor((x / width) * count)))
}

/**
 * The header's day numbers, three characters a day: "  1  2 ... 30 31"; in wider days each
 * number stands over its glyph, padded on the right.
 */
export function dayNumbersText(dates: readonly string[], cellCh = CELL_CH): string {
  const pad = ' '.repeat(cellCh - CELL_CH + 1)
  return dates.map((d) => String(Number(d.slice(8, 10))).padStart(CELL_CH - 1, ' ') + pad).join('')
}

/**
 * The blocks of `size` rows to ask for while rows `first` to `last` (of `total`) are drawn:
 * theirs, and those within half a block of them, so a block is asked for before its rows come
 * into view and they are drawn once, with their days. Asked only as they came into view, a
 * scroll drew each new row twice ("Loading…", then the answer a few milliseconds later), often
 * within one frame.
 */
export function timelineBlocks(first: number, last: number, total: number, size: number): number[] {
  if (last < first || total <= 0) return []
  const ahead = Math.floor(size / 2)
  return blocksFor(Math.max(0, first - ahead), Math.min(total - 1, last + ahead), size)
}

export interface TimelineFocus {
  row: number
  day: number
}

/**
 * Where a key moves the timeline's active row and day (kept inside the grid), 'open' for the
 * keys that open the listing's calendar, or null for a key the timeline leaves alone.
 */
export function timelineKey(
  key: string,
  ctrl: boolean,
  at: TimelineFocus,
  size: { rows: number; days: number; page: number }
): TimelineFocus | 'open' | null {
  let next: TimelineFocus
  switch (key) {
    case 'ArrowUp':
      next = { row: at.row - 1, day: at.day }
      break
    case 'ArrowDown':
      next = { row: at.row + 1, day: at.day }
      break
    case 'PageUp':
      next = { row: at.row - size.page, day: at.day }
      break
    case 'PageDown':
      next = { row: at.row + size.page, day: at.day }
      break
    case 'ArrowLeft':
      next = { row: at.row, day: at.day - 1 }
      break
    case 'ArrowRight':
      next = { row: at.row, day: at.day + 1 }
      break
    case 'Home':
      next = ctrl ? { row: 0, day: at.day } : { row: at.row, day: 0 }
      break
    case 'End':
      next = ctrl ? { row: size.rows - 1, day: at.day } : { row: at.row, day: size.days - 1 }
      break
    case 'Enter':
    case ' ':
      return 'open'
    default:
      return null
  }
  return {
    row: Math.max(0, Math.min(size.rows - 1, next.row)),
    day: Math.max(0, Math.min(size.days - 1, next.day))
  }
}
