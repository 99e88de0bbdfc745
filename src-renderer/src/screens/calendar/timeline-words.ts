import { type DayLetter, letterCounts, letterOf } from './timeline-layout'
import { plural } from '../../components/text'

/** The timeline's day letters in words (the layout and its maths: timeline-layout.ts). */

export const DAY_LETTER_WORDS: Record<DayLetter, string> = {
  i: 'open, check-in allowed',
  o: 'open, no check-in',
  x: 'closed',
  '-': 'not in the offline copy'
}

const dayWord = (n: number) => plural(n, 'day')

/** "12 days open with check-in, 30 days open, 14 days closed": the row at a glance. */
export function rowSummary(days: string): string {
  const c = letterCounts(days)
  const parts = [
    c.i > 0 && `${dayWord(c.i)} open with check-in`,
    c.o > 0 && `${dayWord(c.o)} open without check-in`,
    c.x > 0 && `${dayWord(c.x)} closed`,
    c['-'] > 0 && `${dayWord(c['-'])} not in the offline copy`
  ].filter((p): p is string => !!p)
  return parts.length > 0 ? parts.join(', ') : 'no days'
}

/** The letter of one day of a row, in words. */
export function dayLetterWords(days: string, index: number): string {
  return DAY_LETTER_WORDS[letterOf(days[index] ?? '-')]
}
