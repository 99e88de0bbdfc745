import { ENDED_STATUSES } from '@shared/domain/booking-status'
import { refundPreview } from '@shared/domain/refund-preview'
import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'
import { cancelBooking } from './cancel'
import { createBooking } from './create'
import { bookingIdFor, openBooking, readAndKeep } from './open'
import { payBooking } from './pay'
import { teamBookingIdFor, teamRecent } from './team'
import { activeHub } from '../journal/team'

export function bookingHandlers(ctx: AppContext): DomainHandlers<'bookings'> {
  return {
    // On a team hub profile an own reference no copy here knows is looked up among the team's.
    'bookings:open': (key) =>
      openBooking(ctx, key, activeHub(ctx) ? (ref) => teamBookingIdFor(ctx, ref) : undefined),
    'bookings:recent': async (filter) => {
      // A search on a team profile goes to the team's kept bookings; on this computer's copies
      // it matches the start of an id, own reference, any word of the guest's name or e-mail.
      return activeHub(ctx) && filter.search?.trim()
        ? teamRecent(ctx, filter)
        : { ...(await ctx.mirror()).bookings.recent(filter), source: 'local' as const }
    },
    'bookings:watch': async () => (await ctx.mirror()).bookings.watchList(ctx.today(), ctx.now()),
    'bookings:cancel-preview': async ({ id }) => {
      const bookingId = await bookingIdFor(ctx, { id })
      // The estimate is based on the booking as last read; read it now if it was never read.
      let kept = (await ctx.mirror()).bookings.get(bookingId)
      if (!kept) {
        const client = ctx.client()
        try {
          kept = await readAndKeep(ctx, client, bookingId)
        } finally {
          await client.close().catch(() => undefined)
        }
      }
      const preview = refundPreview(kept.booking, ctx.today())
      return {
        bookingId,
        status: kept.booking.status,
        likelyRefused: ENDED_STATUSES.includes(kept.booking.status),
        daysBeforeCheckIn: preview.daysBeforeCheckIn,
        policyName: kept.booking.cancellationPolicy?.name ?? null,
        tier: preview.tier,
        guest: preview.guest,
        pm: preview.pm,
        basedOn: kept.summary.fetchedAt
      }
    },
    'bookings:cancel': (input) => cancelBooking(ctx, input),
    'bookings:create': (input) => createBooking(ctx, input),
    'bookings:pay': (input) => payBooking(ctx, input),
    'bookings:save-voucher': async ({ id }) => {
      const pdf = await ctx.files.printToPdf()
      const file = await ctx.files.save({
        suggestedName: `Voucher ${id}.pdf`,
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
        contents: pdf
      })
      return { file }
    }
  }
}
