import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type { BookingCreated, BookingDetails, DetailInstalment } from '@shared/api/booking.schema'
import { maskCard } from '@shared/domain/card'
import { eurToCents } from '@shared/domain/money'
import type { CreateInput, CreateOutcome } from '@shared/ipc/bookings.schema'
import type { ProfileContext } from '../context'
import { rereadQuietly } from './open'
import { refusal, requireConfirmation, runWrite } from '../journal/write'

/**
 * A reference of the channel's own for a booking, made when the agent gave none: if the answer
 * to the create is lost, the booking can still be found by it, and nothing needs sending twice.
 */
function newOwnReference(now: number): string {
  return `SD-${now.toString(36).toUpperCase()}-${randomBytes(3).toString('hex').toUpperCase()}`
}

/**
 * The own reference made for each form submission, so that sending the same booking again (after
 * an unknown outcome, a failure to send, a refusal of another field) sends the same reference:
 * the service refuses a used reference, so a booking made the first time can't be made twice.
 * Kept while the app runs; a form lives no longer. The oldest go first past the bound.
 */
const submissions = new Map<string, string>()
const SUBMISSIONS_KEPT = 500

function referenceFor(submission: string | undefined, typed: string | undefined, now: number) {
  const known = submission === undefined ? undefined : submissions.get(submission)
  const ownReference = typed || known || newOwnReference(now)
  if (submission !== undefined && !known) {
    submissions.set(submission, ownReference)
    if (submissions.size > SUBMISSIONS_KEPT) {
      submissions.delete(submissions.keys().next().value!)
    }
  }
  return ownReference
}

/**
 * The create answer in the app's terms (cents, masked card), whichever Merchant-of-Record mode,
 * with what the service holds once the booking is made where it read it back (`after`): its
 * payment status (the answer's `pending` stands beside a deposit already paid, which the
 * service then holds as `partialPaid`) and its instalments' names and states (the answer names
 * none; the service calls them deposit and balance).
 */
function done(
  created: BookingCreated,
  ownReference: string,
  card: Extract<CreateOutcome, { outcome: 'done' }>['card'],
  after: BookingDetails | null
): CreateOutcome {
  const byService = 'instalments' in created
  const held = after?.instalments ?? []
  return {
    outcome: 'done',
    bookingId: created.bookingId,
    status: after?.status ?? created.status,
    paymentStatus: after?.paymentStatus ?? created.paymentStatus,
    ownReference,
    paymentUrl: created.paymentUrl ?? null,
    confirmationUrl: byService ? created.confirmationUrl : null,
    expiresAt: created.expiresAt ?? null,
    instalments: byService
      ? created.instalments.map((i, index) => {
          const now = heldInstalment(held, i.id, index, created.instalments.length)
          return {
            name: now?.name ?? null,
            amountCents: eurToCents(i.amount),
            dueDate: i.dueDate,
            status: now?.status ?? i.status
          }
        })
      : [],
    paymentInstructions: byService ? definedValues(created.paymentInstructions) : null,
    card
  }
}

/**
 * The read-back's instalment for one of the create answer's: by id, else by place when both
 * list as many (the spec's read lists the same plan; an id is not promised in both).
 */
function heldInstalment(
  held: readonly DetailInstalment[],
  id: number,
  index: number,
  count: number
): DetailInstalment | undefined {
  const byId = held.find((h) => h.id === id)
  if (byId) return byId
  return held.length === count ? held[index] : undefined
}

function definedValues(
  o: Record<string, string | number | undefined>
): Record<string, string | number> | null {
  const entries = Object.entries(o).filter(
    (e): e is [string, string | number] => e[1] !== undefined
  )
  return entries.length > 0 ? Object.fromEntries(entries) : null
}

export async function createBooking(
  ctx: ProfileContext,
  input: z.output<typeof CreateInput>
): Promise<CreateOutcome> {
  const { stay, guest, notes, salesBrand, card, confirmation, submission } = input
  requireConfirmation(ctx, confirmation, String(stay.listingId), 'the listing id')
  const profile = ctx.profile()
  const ownReference = referenceFor(submission, input.ownReference, ctx.now())
  const request = {
    ...stay,
    guest,
    ownReference,
    ...(notes ? { notes } : {}),
    ...((salesBrand ?? profile.salesBrand) ? { salesBrand: salesBrand ?? profile.salesBrand } : {}),
    ...(card ? { creditCard: card } : {})
  }
  const result = await runWrite(ctx, {
    action: 'create',
    // One create in flight per submission and per reference (a double click, a second window).
    target: [
      `create:${ownReference.toUpperCase()}`,
      ...(submission ? [`create-submission:${submission}`] : [])
    ],
    listingId: stay.listingId,
    ownReference,
    request,
    confirmation,
    send: (client) => client.createBooking(request),
    bookingIdOf: (created) => created.bookingId
  })
  const meta = { listingId: stay.listingId, ownReference }
  switch (result.kind) {
    case 'done': {
      const created = result.answer
      // Kept at once, so the new booking is in the recent list and its payment deadline known;
      // the read is also the service's own word on the payment once the booking is made.
      const after = await rereadQuietly(ctx, created.bookingId, {
        ...meta,
        expiresAt: created.expiresAt ?? null
      })
      return done(
        created,
        ownReference,
        card ? maskCard(card.number) : null,
        after?.booking ?? null
      )
    }
    case 'refused':
      return { outcome: 'refused', ...refusal(result.error), booking: null }
    case 'unknown':
      // Read by the reference that went with the request: a booking found was made. One not
      // found may not be committed yet (or the service may not read by reference: the spec
      // reads by id only), so the outcome stays unknown and the journal's entry with it.
      return {
        outcome: 'unknown',
        message: result.error.message,
        booking: await rereadQuietly(ctx, ownReference, meta),
        lookup: ownReference,
        journalId: result.journalId
      }
  }
}
