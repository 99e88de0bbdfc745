import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { CommandInput } from '@shared/ipc/contract'
import type { JournalEntry } from '@shared/ipc/journal.schema'
import type { KeptBooking } from '@shared/ipc/bookings.schema'
import { call } from '../../ipc/client'
import { useCommandMutation } from '../../ipc/mutation'
import { journalKey, liveKey, mirrorKey } from '../../ipc/query-keys'

/**
 * The Bookings screen's reads and writes. Opening a booking is a live read of the service (main
 * keeps the copy it got): its key is in the `live` family, so main's `db:changed {bookings}`
 * after keeping a copy does not read the service again in a loop. The kept copies (recent list,
 * watch list, refund preview) are `mirror` reads that such a change re-reads.
 */

export type BookingLookup = { id: string } | { reference: string }

export function bookingQuery(lookup: BookingLookup) {
  return queryOptions({
    queryKey: liveKey('booking', lookup),
    queryFn: () => call('bookings:open', lookup),
    // A booking read a minute ago is what the agent just looked at; "Read again" asks anew.
    staleTime: 60_000
  })
}

export function recentBookingsQuery(input: CommandInput<'bookings:recent'>) {
  return queryOptions({
    queryKey: mirrorKey('bookings', 'recent', input),
    queryFn: () => call('bookings:recent', input),
    placeholderData: keepPreviousData
  })
}

export const watchListQuery = queryOptions({
  queryKey: mirrorKey('bookings', 'watch'),
  queryFn: () => call('bookings:watch', {}),
  // Deadlines move with the clock, not only with new reads.
  refetchInterval: 5 * 60_000
})

export function cancelPreviewQuery(id: string) {
  return queryOptions({
    queryKey: mirrorKey('bookings', 'cancel-preview', id),
    queryFn: () => call('bookings:cancel-preview', { id }),
    // Always from the booking as last read: asked again each time the dialog opens.
    staleTime: 0
  })
}

/**
 * A booking read again by a write's outcome replaces the one on screen, under its id (and the
 * reference it was opened by), so the details never show the state from before the write.
 */
export function keepOnScreen(qc: QueryClient, kept: KeptBooking | null | undefined): void {
  if (!kept) return
  qc.setQueryData(bookingQuery({ id: kept.booking.id }).queryKey, kept)
  const ref = kept.summary.ownReference
  if (ref) qc.setQueryData(bookingQuery({ reference: ref }).queryKey, kept)
}

const KEPT = [mirrorKey('bookings')] as const

/**
 * Sent once per click: never retried (the client's mutations have retry off). Secret: the
 * reason and message leave the mutation cache as soon as it settles; only the outcome stays.
 */
export function useCancelBooking() {
  return useCommandMutation('bookings:cancel', { invalidates: KEPT, secret: true })
}

/**
 * The journal's writes on one booking (by its id, and by the own reference a create went with,
 * whose answer may never have named the id): the booking page shows those still open.
 */
export function bookingWritesQuery(id: string, ownReference: string | null) {
  return queryOptions({
    queryKey: journalKey('booking', id, ownReference),
    queryFn: async () => {
      const keys = ownReference && ownReference !== id ? [id, ownReference] : [id]
      const pages = await Promise.all(keys.map((booking) => call('journal:list', { booking })))
      const seen = new Set<string>()
      // What was sent (a reason, a message, a card's last four) stays in the journal: the page
      // keeps the lines, and of a cancellation the service carried out, its reason and message.
      return pages
        .flatMap((p) => p.items)
        .filter((e) => !seen.has(e.id) && seen.add(e.id))
        .map((e) => ({ ...e, sent: null, received: cancellationOf(e) }))
        .sort((a, b) => b.sentAt - a.sentAt)
    }
  })
}

/** What a cancellation the service carried out says of itself, from its journal entry. */
export interface CancellationWords {
  reason: string | null
  message: string | null
  /** The service's cancelledAt, as it wrote it. */
  at: string | null
  by: string | null
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null)

/**
 * The reason and message of a cancellation the service carried out (the service's answer, else
 * what was sent): the booking's read does not carry them. Null for any other write.
 */
function cancellationOf(e: JournalEntry): CancellationWords | null {
  if (e.action !== 'cancel' || e.outcome !== 'done') return null
  const got = (e.received ?? {}) as Record<string, unknown>
  const sent = (e.sent ?? {}) as Record<string, unknown>
  return {
    reason: text(got.cancelledReason) ?? text(sent.reason),
    message: text(got.cancelledMessage) ?? text(sent.message),
    at: text(got.cancelledAt),
    by: text(sent.cancelledBy)
  }
}

/** Settles by hand a write whose outcome is unknown; the note leaves the cache once settled. */
export function useSettleWrite() {
  return useCommandMutation('journal:settle', { invalidates: [journalKey()], secret: true })
}

/** Carries a card: secret, so nothing of the input stays in the mutation cache. */
export function usePayBooking() {
  return useCommandMutation('bookings:pay', { invalidates: KEPT, secret: true })
}

export function useSaveVoucher() {
  return useCommandMutation('bookings:save-voucher')
}
