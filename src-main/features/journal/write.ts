import { ApiError, asHubOutage, type ApiClient, type WriteOptions } from '../../api'
import { cardSecrets } from '../../api/redact'
import { AppError, detailsInLog, toAppError } from '../../errors'
import { forJournal } from '../../journal'
import type { JournalAction, JournalOutcome } from '../../journal/types'
import type { ContextProfile, ProfileContext } from '../context'

/**
 * How StayDesk writes to the service (cancel, create, pay, listing references): one request per
 * click, recorded in the audit journal before it is sent and when its answer arrives, never
 * retried, and an unknown outcome left to be resolved by reading, never by sending again.
 */

export interface WriteSpec<T> {
  action: JournalAction
  /**
   * What the write acts on, e.g. `booking:SB123`: a second write on the same target while the
   * first is on its way is refused (a double click, two windows), so one intent sends once. A
   * write may name several (a create: its form submission and its own reference).
   */
  target: string | readonly string[]
  bookingId?: string | null
  listingId?: number | null
  ownReference?: string | null
  /** The request as sent; the journal keeps it with any card reduced to brand and last four. */
  request: unknown
  /**
   * What the agent typed to confirm a production write (requireConfirmation checked it): a team
   * hub refuses a production write without it (428), so it goes along as X-StayDesk-Confirm.
   */
  confirmation?: string
  send(client: ApiClient): Promise<T>
  /** What of the answer the journal keeps. */
  received?(answer: T): unknown
  /** A booking id the answer reveals (a create's new booking). */
  bookingIdOf?(answer: T): string | undefined
}

export type WriteResult<T> =
  | { kind: 'done'; answer: T }
  /** The service answered no: its refusal (conflict, forbidden, not found...). */
  | { kind: 'refused'; error: AppError }
  /** Sent, but what happened is not known (answer lost or unreadable, or a 5xx). */
  | { kind: 'unknown'; error: AppError; journalId: string }

/** Targets of the writes on their way, with the kind of profile each was sent for. */
const inFlight = new Map<string, ContextProfile['kind']>()

/**
 * Writes to a production service sent (or being journaled to send) and not yet answered,
 * whichever profile is active now: an update's restart waits for them (updates/).
 */
export function productionWritesInFlight(): number {
  let n = 0
  for (const kind of inFlight.values()) if (kind === 'production') n++
  return n
}

/** True when the request certainly never reached the service (refused connection, no DNS). */
function notSent(err: AppError): boolean {
  // Refused by this computer's own network set-up before a connection to the service was
  // made (a proxy setting that can't be used, an untrusted certificate): never sent either.
  if (err instanceof ApiError && err.localNetwork && !err.reconcile) return true
  return err.code === 'offline' && !(err instanceof ApiError && err.reconcile)
}

/** An answer arrived, but a 5xx does not say whether the write was applied before it failed. */
function ambiguous(err: AppError): boolean {
  if (err.code === 'outcome-unknown' || err.code === 'timeout') return true
  if (err instanceof ApiError && (err.succeededUnverified || err.reconcile)) return true
  return err.code === 'server-error' || err.code === 'aborted'
}

/**
 * What an unknown outcome says. The service's sentence for a 5xx or a timeout ends with "try
 * again later": right for a read, wrong for a write, which the service may have carried out
 * before it failed (a test saw 5 of 5 creates made behind a 503). So the write's own words:
 * what came back, that it may have been done, and to check before sending anything again.
 */
function unknownOutcomeMessage(err: AppError): string {
  const check =
    'The outcome is unknown: it may have been carried out all the same. Check the booking ' +
    'before trying again; StayDesk did not send it again.'
  if (err.code === 'server-error') {
    const status = err instanceof ApiError && err.status ? ` (${err.status})` : ''
    const said =
      err instanceof ApiError && err.serviceMessage ? ` It said: "${err.serviceMessage}".` : ''
    return `The service answered the request with an internal error${status}.${said} ${check}`
  }
  if (err.code === 'timeout') return `The service did not answer in time. ${check}`
  if (err.code === 'aborted') return `The request was stopped after it was sent. ${check}`
  return err.message
}

/**
 * The app's profile() is the active ProfileView, which names its hub; the command line's
 * profiles never do. (Until ContextProfile declares hubUrl, it is read as the view has it.)
 */
function hubUrlOfContext(profile: ContextProfile): string | undefined {
  return profile.hubUrl
}

/**
 * On a hub profile, nobody answering is the team hub out of reach (also when the client was
 * made without knowing it talks to a hub): said so, as the outage it is (asHubOutage).
 */
export function hubOutageOf(profile: ContextProfile, err: unknown): unknown {
  return hubUrlOfContext(profile) !== undefined && err instanceof ApiError ? asHubOutage(err) : err
}

/**
 * The client a write goes out on: on a production profile connected through a team hub, one
 * whose writes carry the typed confirmation (the client's write options); the service itself is
 * never sent the header.
 */
function sender(
  client: ApiClient,
  profile: ContextProfile,
  confirmation: string | undefined
): ApiClient {
  if (
    hubUrlOfContext(profile) === undefined ||
    profile.kind !== 'production' ||
    confirmation === undefined
  ) {
    return client
  }
  const write: WriteOptions = { confirmation }
  return {
    ...client,
    createBooking: (req, signal) => client.createBooking(req, signal, write),
    pay: (id, req, signal) => client.pay(id, req, signal, write),
    cancel: (by, req, signal) => client.cancel(by, req, signal, write),
    setReference: (id, ref, signal) => client.setReference(id, ref, signal, write),
    setReferences: (refs, signal) => client.setReferences(refs, signal, write)
  }
}

/**
 * Sends one write for the active profile. Refusals with a field (a 400 naming `guest.email`)
 * are thrown as the AppError they are, so the form shows them on the field; so is a request
 * that never left (offline). Everything else ends as a WriteResult, journaled.
 */
export async function runWrite<T>(
  ctx: ProfileContext,
  spec: WriteSpec<T>
): Promise<WriteResult<T>> {
  const targets = typeof spec.target === 'string' ? [spec.target] : [...spec.target]
  if (targets.some((t) => inFlight.has(t))) {
    throw new AppError(
      'conflict',
      'This request is already on its way to the service; wait for its answer.'
    )
  }
  const profile = ctx.profile()
  for (const t of targets) inFlight.set(t, profile.kind)
  try {
    let id: string
    try {
      id = ctx.journal.sent({
        action: spec.action,
        profile: {
          id: profile.id,
          name: profile.name,
          kind: profile.kind,
          baseUrl: profile.baseUrl
        },
        bookingId: spec.bookingId ?? null,
        listingId: spec.listingId ?? null,
        ownReference: spec.ownReference ?? null,
        sent: forJournal(spec.request)
      })
    } catch (err) {
      ctx.log('the audit journal could not record a write; it was not sent', err)
      throw new AppError(
        'database',
        'The audit journal could not record this request, so it was not sent. Nothing changed on the service.'
      )
    }
    ctx.journalChanged(id)
    const answer = (
      outcome: JournalOutcome,
      extra: { message?: string; received?: unknown; bookingId?: string },
      bug?: unknown
    ) => {
      // The log's line for this write (an error line with the bug that ended it): what was
      // done to what, for whom, and how it ended; never what was sent (names, card).
      const line =
        `write ${spec.action} on ${targets[0]} for profile ${profile.id} (${profile.kind}), ` +
        `journal ${id}: ${outcome}` +
        (extra.bookingId ? `, booking ${extra.bookingId}` : '') +
        (extra.message ? ` (${extra.message})` : '')
      if (bug === undefined) ctx.log(line)
      else ctx.log(line, bug)
      try {
        ctx.journal.answered(id, { outcome, ...extra })
      } catch (err) {
        ctx.log(`the audit journal could not record the answer of write ${id}`, err)
      }
      ctx.journalChanged(id)
    }

    const client = ctx.client()
    try {
      const result = await spec.send(sender(client, profile, spec.confirmation))
      answer('done', {
        // A service that echoes the card back has it masked too.
        received: forJournal(
          spec.received ? spec.received(result) : result,
          cardSecrets(spec.request)
        ),
        bookingId: spec.bookingIdOf?.(result)
      })
      return { kind: 'done', answer: result }
    } catch (err) {
      // On a hub profile, nobody answering is the team hub out of reach: not sent, an outage.
      const e = toAppError(hubOutageOf(profile, err))
      if (e.unexpected) {
        // Logged here with its stack, so the file the journal names holds it.
        answer('unknown', { message: detailsInLog('StayDesk failed while sending') }, err)
        throw err
      }
      if (notSent(e)) {
        answer('not-sent', { message: e.message })
        throw e
      }
      if (ambiguous(e)) {
        const message = unknownOutcomeMessage(e)
        answer('unknown', { message })
        return {
          kind: 'unknown',
          error: message === e.message ? e : new AppError('outcome-unknown', message),
          journalId: id
        }
      }
      answer('refused', { message: e.message })
      if (e.code === 'bad-input' || e.code === 'unauthorized') throw e
      return { kind: 'refused', error: e }
    } finally {
      await client.close().catch(() => undefined)
    }
  } finally {
    for (const t of targets) inFlight.delete(t)
  }
}

/**
 * On a production profile a write needs the text the dialog asked the agent to type (the
 * booking id, the listing id): checked here too, so a click alone never changes live data.
 */
export function requireConfirmation(
  ctx: ProfileContext,
  typed: string | undefined,
  expected: string,
  what: string
): void {
  if (ctx.profile().kind !== 'production') return
  if ((typed ?? '').trim() === expected) return
  throw new AppError(
    'bad-input',
    `Type ${what} (${expected}) to confirm: this profile works on live data.`,
    { field: 'confirmation' }
  )
}

/** A refusal as an outcome carries it: main's sentence, the service's words and its field. */
export function refusal(error: AppError): {
  message: string
  code: AppError['code']
  serviceMessage: string | null
  field: string | null
} {
  return {
    message: error.message,
    code: error.code,
    serviceMessage: error instanceof ApiError ? (error.serviceMessage ?? null) : null,
    field: error.field ?? null
  }
}
