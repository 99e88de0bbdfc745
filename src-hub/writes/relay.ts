import type { HubWriteConflict } from '@shared/hub/answers'
import type { Context } from 'hono'
import { HUB_JOURNAL_HEADER, type JournalAction } from '@shared/hub/journal'
import type { ApiClient } from '../../src-main/api'
import { keepable } from '../journal/keepable'
import { journaled, type WriteConflict } from '../journal/store'
import type { HubAppOptions, HubEnv } from '../server'
import type { Upstream } from '../upstream'
import { failedWrite, type Relay } from './outcome'

/**
 * One write from a desk to the service: journaled before it leaves, sent once (the client's
 * write path never retries), its answer journaled, and relayed to the desk: the service's
 * status and body when it answered, a 502/504 with the journal's id when nobody knows what
 * happened, a 409 naming who sent the same write first.
 */

export interface WriteSpec<T> {
  action: JournalAction
  /** What the write acts on (`booking:SB…`, `listing:12`): one write per target at a time. */
  target: string
  bookingId?: string | null
  listingId?: number | null
  ownReference?: string | null
  /** The request as it goes to the service (the journal keeps it without the card). */
  request: unknown
  send(client: ApiClient): Promise<T>
  /** A booking id the answer reveals (a create's). */
  bookingIdOf?(answer: T): string
  /** After a done write: what to keep of it (bookings/kept.ts), in the background. */
  afterDone?(answer: T): Promise<void>
}

const ACTION_WORDS: Record<JournalAction, string> = {
  cancel: 'a cancellation',
  pay: 'a payment',
  create: 'a booking',
  reference: 'a listing reference',
  references: 'listing references'
}

function targetWords(target: string): string {
  const [kind, ...rest] = target.split(':')
  const what = rest.join(':')
  if (kind === 'booking') return ` of ${what}`
  if (kind === 'listing') return ` for listing ${what}`
  if (kind === 'own') return ` with own reference ${what}`
  return ''
}

const OUTCOME_WORDS: Record<string, string> = {
  sending: 'not known yet: its answer has not come',
  done: 'done',
  unknown: 'unknown (not settled yet)'
}

/** "vera sent a cancellation of SB10000001 at 14:02 UTC; its outcome is done". */
function conflictMessage(c: WriteConflict): string {
  const at = c.sentAt.toISOString().slice(11, 16)
  return (
    `${c.user} sent ${ACTION_WORDS[c.action]}${targetWords(c.target)} at ${at} UTC; ` +
    `its outcome is ${OUTCOME_WORDS[c.outcome] ?? c.outcome}`
  )
}

export async function relayWrite<T>(
  c: Context<HubEnv>,
  deps: Required<HubAppOptions>,
  upstream: Upstream,
  spec: WriteSpec<T>
): Promise<Response> {
  const identity = c.get('identity')
  const request = keepable(spec.request)
  const ended = await journaled<Relay & { answer?: T }>(
    deps.db,
    deps.kind,
    {
      env: upstream.env,
      userId: identity.userId,
      action: spec.action,
      target: spec.target,
      bookingId: spec.bookingId ?? null,
      listingId: spec.listingId ?? null,
      ownReference: spec.ownReference ?? null,
      request
    },
    async (journalId) => {
      try {
        const answer = await spec.send(upstream.client)
        const body = (answer ?? {}) as Record<string, unknown>
        return {
          completion: {
            outcome: 'done',
            status: 200,
            answer: keepable(answer ?? null, spec.request),
            message: null,
            bookingId: spec.bookingIdOf?.(answer) ?? null
          },
          result: { status: 200, body, answer }
        }
      } catch (err) {
        const failed = failedWrite(err, upstream.env)
        if (failed.completion.outcome === 'unknown') {
          deps.log.warn(
            { journalId, action: spec.action, target: spec.target, err: String(err) },
            'write outcome unknown'
          )
        }
        return { completion: failed.completion, result: failed.relay(journalId) }
      }
    },
    (err, journalId) =>
      deps.log.error({ err, journalId }, 'the answer of a write could not be recorded')
  )
  if ('conflict' in ended) {
    return c.json(
      {
        message: conflictMessage(ended.conflict),
        journalId: ended.conflict.journalId,
        user: ended.conflict.user,
        outcome: ended.conflict.outcome
      } satisfies HubWriteConflict,
      409
    )
  }
  deps.log.info(
    {
      journalId: ended.journalId,
      action: spec.action,
      target: spec.target,
      env: upstream.env,
      status: ended.result.status
    },
    'write'
  )
  const { answer } = ended.result
  if (ended.result.status === 200 && spec.afterDone && answer !== undefined) {
    // The desk has its answer; keeping the booking must not delay or fail it.
    spec
      .afterDone(answer)
      .catch((err: unknown) =>
        deps.log.warn({ err: String(err), journalId: ended.journalId }, 'kept booking not updated')
      )
  }
  c.header(HUB_JOURNAL_HEADER, String(ended.journalId))
  return c.json(ended.result.body, ended.result.status as 200)
}
