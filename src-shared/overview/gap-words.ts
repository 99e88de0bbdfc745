import { sentenceDate } from '../domain/date-words'
import { daysBetween } from '../domain/dates'
import type { GapItem } from './overview.schema'

/**
 * Why no guest can book a gap, in the words a manager acts on: the rule gapRuns found stopping
 * every stay from the run's first allowed arrival day (its reason, arrival and figures), never a
 * second guess. The sentence names the day, the nights it leaves and the rule's number.
 */

type Why = Pick<
  GapItem,
  | 'to'
  | 'reason'
  | 'arrival'
  | 'arrivals'
  | 'nightsLeft'
  | 'minStay'
  | 'maxStay'
  | 'earliest'
  | 'mixed'
>

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** What stops every stay from the arrival day, after "… arrival day, <day>, ". */
function predicate(g: Why): string {
  switch (g.reason) {
    case 'min-stay':
      return `leaves ${plural(g.nightsLeft ?? 0, 'night')}, under the minimum of ${g.minStay}`
    case 'max-stay':
      return `has check-out days only past its maximum stay of ${plural(g.maxStay, 'night')}`
    default:
      return g.minStay > 1
        ? `has no check-out day at its minimum stay of ${plural(g.minStay, 'night')} or later in the run`
        : 'has no check-out day after it in the run'
  }
}

/** `today`: the gap list's first day, from which the advance notice counts. */
export function gapReasonSentence(g: Why, today: string): string {
  const notice = g.earliest === null ? 0 : daysBetween(today, g.earliest)
  const noticeText = `the advance notice of ${plural(notice, 'day')}`
  if (g.reason === 'check-in-day') {
    return 'No stay fits: check-in is not allowed on any of these nights'
  }
  if (g.reason === 'advance-notice' || g.arrival === null) {
    const earliest = g.earliest ?? today
    // `to` is cut at the list's 90 days, long after any notice: past it, the run ends before.
    const rest =
      earliest >= g.to ? 'after these nights' : 'and no later night of these allows check-in'
    return `No stay fits: ${noticeText} allows no arrival before ${sentenceDate(earliest)}, ${rest}`
  }
  const day = sentenceDate(g.arrival)
  const head =
    g.earliest !== null
      ? `with ${noticeText}, the first arrival day is ${day}, which`
      : `the ${g.arrivals === 1 ? 'only' : 'first'} arrival day, ${day},`
  const later =
    g.arrivals <= 1
      ? ''
      : !g.mixed && g.reason === 'min-stay'
        ? '; later ones leave fewer nights than their minimum'
        : '; no later arrival day fits either'
  return `No stay fits: ${head} ${predicate(g)}${later}`
}
