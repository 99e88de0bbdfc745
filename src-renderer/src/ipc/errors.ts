import { isOutage, type AppErrorCode } from '@shared/errors'
import { HUB_UNREACHABLE } from '@shared/hub/words'
import { IpcError } from './client'

/** An error in the words a property manager uses: what happened, and what to do next. */
export interface Described {
  code: AppErrorCode
  title: string
  /** Main's own sentence, which is specific (it names the listing, the field, the status). */
  message: string
  /**
   * What StayDesk adds to main's sentence: where to go in the app, or that the offline copy
   * keeps working. Main's sentences already say "try again" where that is the advice, so this
   * never repeats it.
   */
  action: string
  /** The service is unreachable or failing: the offline copy answers, nothing broke here. */
  outage: boolean
}

/**
 * The one place that turns error codes into titles and advice (style-models: "Errors across
 * the boundary"). A Record over the contract's enum: a new code without words here does not
 * compile.
 */
const BY_CODE: Record<AppErrorCode, { title: string; action: string }> = {
  offline: {
    title: "The service can't be reached",
    action: 'Everything already synced keeps working from the offline copy.'
  },
  timeout: {
    title: 'The service is slow to answer',
    action: 'The offline copy keeps working meanwhile.'
  },
  unauthorized: {
    title: 'The service refused the token',
    action: 'Open Profiles to set a new token for this profile.'
  },
  forbidden: {
    title: 'This sales channel may not do that',
    action: 'Check the sales channel and brand of the profile, or ask the service for access.'
  },
  'not-found': {
    title: 'Not found',
    // Main's sentence says what was looked for and where; a sync is no remedy for a booking.
    action: 'Check what was typed and the active profile.'
  },
  conflict: {
    title: 'Refused in its current state',
    action: 'Read it again to see where it stands now.'
  },
  'bad-input': {
    title: 'Some values are not valid',
    action: 'Correct the highlighted values.'
  },
  'rate-limited': {
    title: 'The service asked StayDesk to slow down',
    action: 'The offline copy keeps working meanwhile.'
  },
  'server-error': {
    title: 'The service is having trouble',
    action: 'The offline copy keeps working meanwhile.'
  },
  'bad-response': {
    title: 'The service sent something StayDesk does not understand',
    action: 'If it persists, report it to the service.'
  },
  'outcome-unknown': {
    title: 'The result is not known',
    action: 'Look it up before doing it again: StayDesk never repeats it on its own.'
  },
  aborted: { title: 'Cancelled', action: 'Start it again when you are ready.' },
  database: {
    title: 'The offline copy could not be read or written',
    action: 'Restart StayDesk; if it persists, run a full resync from the Sync screen.'
  },
  internal: {
    title: 'Something went wrong inside StayDesk',
    action: 'Try again; if it persists, restart StayDesk.'
  }
}

export function describeCode(code: AppErrorCode): { title: string; action: string } {
  return BY_CODE[code]
}

/**
 * A failure's title from its code and main's sentence (a thrown error's, or one a sync kept): on
 * a team profile main says it is the hub, not the service, that can't be reached.
 */
export function failureTitle(code: AppErrorCode, message: string): string {
  return code === 'offline' && message.startsWith(HUB_UNREACHABLE)
    ? HUB_UNREACHABLE
    : BY_CODE[code].title
}

export function describeError(err: unknown): Described {
  if (err instanceof IpcError) {
    return {
      ...BY_CODE[err.code],
      title: failureTitle(err.code, err.message),
      code: err.code,
      message: err.message,
      outage: isOutage(err.code)
    }
  }
  return {
    ...BY_CODE.internal,
    code: 'internal',
    message: err instanceof Error && err.message ? err.message : 'An unexpected error occurred.',
    outage: false
  }
}

/**
 * A failure's title in the context of what was being done: "Export journal: The service is
 * slow to answer". When main's sentence already starts with the title's words ("The team hub
 * can't be reached: check …"), the title is the context alone, not the same words twice. One
 * rule for every toast and alert (notifyError, ProblemAlert).
 */
export function headline(d: Pick<Described, 'title' | 'message'>, context?: string): string {
  if (!context) return d.title
  return d.message.startsWith(d.title) ? context : `${context}: ${d.title}`
}
