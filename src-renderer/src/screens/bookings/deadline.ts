import { ago } from '../../components/text'
import { spanWords } from './time-words'

/**
 * A payment deadline against the clock: how urgent it is and how long is left. Pure: the clock
 * is a parameter, so the unit tests pin it.
 */

export type Urgency = 'passed' | 'urgent' | 'soon' | 'later' | 'unknown'

export interface TimeLeft {
  urgency: Urgency
  /** "2 hours 5 minutes left", "deadline passed 10 minutes ago", "deadline not known". */
  text: string
  /** The deadline itself, as the reader's clock shows it (null when not known). */
  deadline: number | null
}

const HOUR = 60 * 60_000
const DAY = 24 * HOUR

/**
 * How long a booking awaiting payment has left before it expires. Under two hours is urgent,
 * under a day soon. The service's read carries no deadline, so "not known" is a normal answer.
 */
export function timeLeft(expiresAt: string | null | undefined, now: number): TimeLeft {
  const deadline = expiresAt ? Date.parse(expiresAt) : NaN
  if (!Number.isFinite(deadline)) {
    return { urgency: 'unknown', text: 'deadline not known', deadline: null }
  }
  const left = deadline - now
  if (left <= 0) {
    return { urgency: 'passed', text: `deadline passed ${ago(deadline, now)}`, deadline }
  }
  const urgency: Urgency = left < 2 * HOUR ? 'urgent' : left < DAY ? 'soon' : 'later'
  return { urgency, text: `${spanWords(left)} left`, deadline }
}
