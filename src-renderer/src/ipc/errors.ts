import type { AppErrorCode } from '@shared/errors'
import { IpcError } from './client'

/** An error in the words a property manager uses: what happened, and what to do next. */
export interface Described {
  title: string
  /** Main's own sentence, which is specific (it names the listing, the field, the status). */
  message: string
  action: string
}

/** The one place that turns error codes into sentences (style-models: "Errors across the boundary"). */
const BY_CODE: Record<AppErrorCode, { title: string; action: string }> = {
  offline: {
    title: "The service can't be reached",
    action: 'Check the network connection and the profile’s base URL. The offline copy still works.'
  },
  timeout: {
    title: 'The service took too long to answer',
    action: 'Try again in a moment; if it keeps happening, check the network.'
  },
  unauthorized: {
    title: 'The service refused the token',
    action: 'Open Profiles and set a new token for this profile.'
  },
  forbidden: {
    title: 'This sales channel may not do that',
    action: 'Check the sales channel and brand in the profile, or ask the service for access.'
  },
  'not-found': {
    title: 'Not found',
    action: 'It may have been removed; run a sync to refresh the offline copy.'
  },
  conflict: {
    title: 'Someone else changed this first',
    action: 'Reload the screen and try again.'
  },
  'bad-input': {
    title: 'Some values are not valid',
    action: 'Correct the highlighted values and try again.'
  },
  'rate-limited': {
    title: 'The service asked StayDesk to slow down',
    action: 'Wait a minute, then try again.'
  },
  'server-error': {
    title: 'The service had a problem',
    action: 'Try again later; the offline copy still works meanwhile.'
  },
  'bad-response': {
    title: 'The service sent something StayDesk does not understand',
    action: 'Try again later; if it persists, report it to the service.'
  },
  'outcome-unknown': {
    title: 'The result is not known',
    action: 'Check on the service whether it happened before trying again.'
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

export function describeCode(code: string): { title: string; action: string } {
  return BY_CODE[code as AppErrorCode] ?? BY_CODE.internal
}

export function describeError(err: unknown): Described {
  if (err instanceof IpcError) return { ...describeCode(err.code), message: err.message }
  return {
    ...BY_CODE.internal,
    message: err instanceof Error && err.message ? err.message : 'An unexpected error occurred.'
  }
}
