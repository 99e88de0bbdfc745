import { toDayNumber } from '@shared/domain/dates'

/**
 * toDayNumber validates and builds a Date on every call, which dominated encoding a page
 * (200 listings x 730 days). A page repeats the same few hundred dates, so they are memoized;
 * the map is dropped when it grows past a bound so odd inputs cannot make it leak.
 */
const memo = new Map<string, number>()
const MEMO_CAP = 10_000

export function dayNumberOf(date: string): number {
  let day = memo.get(date)
  if (day === undefined) {
    day = toDayNumber(date)
    if (memo.size >= MEMO_CAP) memo.clear()
    memo.set(date, day)
  }
  return day
}
