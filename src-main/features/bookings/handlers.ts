import { ENDED_STATUSES } from '@shared/domain/booking-status'
import { refundPreview } from '@shared/domain/refund-preview'
import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppCore } from '../context'
import { cancelBooking } from './cancel'
import { createBooking } from './create'
import { bookingIdFor, openBooking, readAndKeep } from './open'
import { payBooking } from './pay'

export function bookingHandlers(core: AppCore): DomainHandlers<'bookings'> {
  const mirror = () => core.desk.mirror()
  return {
    'bookings:open': (key) => openBooking(core.desk, key),
    'bookings:recent': async (filter) => (await mirror()).recentBookings(filter),
    'bookings:watch': async () => (await mirror()).watchList(core.desk.today(), core.desk.now()),
    'bookings:cancel-preview': async ({ id }) => {
      const bookingId = await bookingIdFor(core.desk, { id })
      // The estimate is based on the booking as last read; read it now if it was never read.
      let kept = (await mirror()).keptBooking(bookingId)
      if (!kept) {
        const client = core.desk.client()
        try {
          kept = await readAndKeep(core.desk, client, bookingId)
        } finally {
          await client.close().catch(() => undefined)
        }
      }
      const preview = refundPreview(kept.booking, core.desk.today())
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
    'bookings:cancel': (input) => cancelBooking(core.desk, input),
    'bookings:create': (input) => createBooking(core.desk, input),
    'bookings:pay': (input) => payBooking(core.desk, input),
    'bookings:save-voucher': async ({ id }) => {
      const pdf = await core.files.printToPdf()
      const file = await core.files.save({
        suggestedName: `Voucher ${id}.pdf`,
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
        contents: pdf
      })
      return { file }
    }
  }
}
