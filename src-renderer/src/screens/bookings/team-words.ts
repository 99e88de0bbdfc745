import type { AppErrorCode } from '@shared/errors'
import type { JournalEntry } from '@shared/ipc/journal.schema'
import { formatDateTime, leadThen } from '../../components/text'
import type { Via } from '../../components/data-source'
import { ACTION_WORDS, OUTCOME_WORDS } from '../journal/journal-words'

/**
 * The booking screens' words that depend on who stands between StayDesk and the service: on a
 * team profile the team hub sends the writes, keeps the team's journal, and may refuse a write
 * itself before the service sees it. Pure, so the words are unit-tested
 * (test/unit/renderer/screens/bookings/team-words.test.ts).
 */

/** What a refused write was, as its title names it. */
export type WriteNoun = 'cancellation' | 'payment' | 'booking'

export interface Refusal {
  code: AppErrorCode
  message: string
}

/**
 * The first words of main's sentences for a write the team hub refused itself (src-main/api/
 * errors.ts hubWriteError: another agent's write on the same booking, 409; a production write
 * without its typed confirmation, 428): the hub sent nothing.
 */
const HUB_SAID = 'The team hub '

/**
 * Whether the team hub refused a write itself, so the service never saw it: main's sentence
 * says so, or, on a team profile, the refusal is a role's (403: the hub checks the role first).
 */
function refusedByHub(r: Refusal, via: Via): boolean {
  return via === 'hub' && (r.message.startsWith(HUB_SAID) || r.code === 'forbidden')
}

/** "The team hub did not send the cancellation", or "The service refused the cancellation". */
export function refusedTitle(noun: WriteNoun, r: Refusal, via: Via): string {
  return refusedByHub(r, via)
    ? `The team hub did not send the ${noun}`
    : `The service refused the ${noun}`
}

/**
 * The refusal's sentence under that title. Main's sentence for another agent's write starts
 * "The team hub did not send it: "; under a title that already says so, only the hub's reason
 * is left ("aldo sent a cancellation of SB1 at 14:02 UTC; its outcome is done."), not the same
 * words twice.
 */
export function refusedText(r: Refusal, via: Via): string {
  const lead = `${HUB_SAID}did not send it: `
  return refusedByHub(r, via) && r.message.startsWith(lead)
    ? r.message.slice(lead.length)
    : r.message
}

/** The title over a booking's writes: the team's, on a team profile. */
export function writesTitle(via: Via): string {
  return via === 'hub' ? 'Writes through the team hub' : 'Writes from StayDesk'
}

/** What an empty list of a booking's writes means: nobody on the team, or not this computer. */
export function noWritesText(via: Via): string {
  return via === 'hub'
    ? 'The team’s journal holds no write on this booking: nobody made, paid or cancelled it through the team hub.'
    : 'The journal holds no write on this booking: it was not made, paid or cancelled from this computer.'
}

/**
 * A booking's writes that could not be read, said as such with why (main's sentence: on a team
 * profile the hub's outage words), never as "no writes": the team's journal may well hold some.
 */
export function writesUnreadText(via: Via, why: string): string {
  const whose = via === 'hub' ? 'The team’s writes on this booking' : 'The writes on this booking'
  return leadThen(`${whose} can’t be read right now`, why)
}

/**
 * Why a cancelled booking's reason and message are not shown: the service's read does not carry
 * them and the journal holds them only for cancellations sent through it; when the journal can't
 * be read (the team hub is down), whether this one was is not known, so it is not claimed.
 */
export function cancellationUnknownText(via: Via, journalRead: boolean): string {
  const lead =
    'The service’s read of a booking does not carry the cancellation’s reason and message'
  if (!journalRead) {
    const journal =
      via === 'hub'
        ? 'the team’s journal, which keeps them for cancellations sent through the team hub,'
        : 'the journal, which keeps them for cancellations sent from here,'
    return `${lead}, and ${journal} can’t be read right now.`
  }
  return via === 'hub'
    ? `${lead}; the team’s journal has them only for cancellations sent through the team hub, and this one was not.`
    : `${lead}; StayDesk has them only for cancellations sent from here, and this one was not.`
}

type WriteLine = Pick<JournalEntry, 'action' | 'sentAt' | 'outcome' | 'message' | 'user'>

/** One write in words: "Cancel booking · sent 12 Nov 2026, 14:02 by aldo · Done". */
export function writeLine(w: WriteLine): string {
  const answer =
    w.outcome === 'refused' && w.message ? `Refused: ${w.message}` : OUTCOME_WORDS[w.outcome]
  const by = w.user ? ` by ${w.user}` : ''
  return `${ACTION_WORDS[w.action]} · sent ${formatDateTime(w.sentAt)}${by} · ${answer}`
}

/** The Bookings screen's line under its title: where bookings are read from. */
export function bookingsLead(via: Via): string {
  const from = via === 'hub' ? 'through the team hub, from the service,' : 'from the service'
  return `Bookings are read live ${from} and kept on this computer; without a connection, the kept copy shows, marked as such.`
}

/**
 * How a search that found nothing matched, said of the list that answered (`team`: the team
 * hub's kept bookings; else the copies on this computer, also on a team profile whose hub can't
 * be reached), not of the kind of profile. A search typed matches the start of an id, own
 * reference, any word of the guest's name or the e-mail, the hub's way and this computer's
 * alike; without one, the guest filter matches names from their start.
 */
export function searchEmptyText(team: boolean, searched: boolean): string {
  const stay = 'a stay matches when it overlaps the dates chosen.'
  if (!team && !searched)
    return `Guest names match from the start of the first or last name; ${stay}`
  const among = team
    ? 'among bookings someone on the team has read or written'
    : 'among the copies kept on this computer'
  return `The search matches the start of a booking id, own reference, any word of the guest's name or the e-mail, ${among}; ${stay}`
}
