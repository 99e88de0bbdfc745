import type { QuoteAnswer } from '@shared/ipc/quotes.schema'
import {
  agoAt,
  earlierAnswerText,
  fromServiceText,
  liveTitle,
  sourceName,
  type Via
} from '../../components/data-source'

/**
 * The live quote column's heading and first line. A failed ask is said in the heading, where
 * the eye lands first, and a quote on screen is never called "from the service, asked just now"
 * when the last ask got no answer. Pure, so the words are unit-tested.
 */

export type LiveQuotePhase =
  /** A new answer is on its way; the one shown is the previous one. */
  | { phase: 'asking' }
  /** The service answered this ask (a price, or its reasons). */
  | { phase: 'answered' }
  /** This ask got no quote back: the service away, failing, or answering what can't be read. */
  | { phase: 'failed' }
  /** The last ask failed outright (`failedAt`): the quote shown is an earlier one. */
  | { phase: 'failed-again'; failedAt: number }

export function liveQuotePhase(
  live: QuoteAnswer['live'],
  refreshing: boolean,
  failedAt: number | null
): LiveQuotePhase {
  if (refreshing) return { phase: 'asking' }
  if (failedAt !== null) return { phase: 'failed-again', failedAt }
  return live.state === 'unreachable' ? { phase: 'failed' } : { phase: 'answered' }
}

export function liveQuoteFailed(p: LiveQuotePhase): boolean {
  return p.phase === 'failed' || p.phase === 'failed-again'
}

export function liveQuoteHeading(p: LiveQuotePhase): string {
  return liveTitle('Live quote', liveQuoteFailed(p) ? 'not available' : null)
}

/** "From the service, asked just now (12 Mar 2026, 10:04).", or what became of the ask. */
export function liveQuoteAskedText(
  p: LiveQuotePhase,
  askedAt: number,
  now: number,
  via: Via = 'service'
): string {
  // On a team profile the hub asks the service: a failed ask names the one StayDesk asked.
  const whom = sourceName(via)
  switch (p.phase) {
    case 'asking':
      return `Asking ${whom}…`
    case 'failed':
      return `Asked ${whom} ${agoAt(askedAt, now)}: no quote came back.`
    case 'failed-again':
      return `Asked ${whom} again ${agoAt(p.failedAt, now)}: no quote came back. ${earlierAnswerText(askedAt, now)}`
    case 'answered':
      return fromServiceText(askedAt, now, via)
  }
}
