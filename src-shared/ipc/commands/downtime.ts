import { z } from 'zod'
import { isoDate } from '../../api/common.schema'
import { none, type ContractSlice } from './common'

const text = z.string().nullable()

/** Where a property is, as the mirror's listing (else the kept booking) gives its parts. */
const SheetAddress = z.object({
  address: text,
  street: text,
  number: text,
  zip: text,
  city: text,
  region: text,
  country: text
})

/** One arrival or departure on the sheet's dates, from a kept booking. */
export const SheetRow = z.object({
  event: z.enum(['arrival', 'departure']),
  date: isoDate,
  /**
   * `HH:mm`, the property's local time (the service gives no zone), as the booking's read gives
   * it, else the listing's instructions; null when neither.
   */
  time: text,
  timeFrom: z.enum(['booking', 'listing']).nullable(),
  bookingId: z.string(),
  /** The service's status codes (`pendingPayment`, `partialPaid`…): shown in StayDesk's words. */
  status: z.string(),
  paymentStatus: text,
  guest: z.object({ name: text, email: text, phone: text }),
  listingId: z.number().int().nullable(),
  listingName: text,
  address: SheetAddress,
  addressFrom: z.enum(['listing', 'booking']).nullable(),
  /**
   * The listing's check-in and check-out times (`HH:mm`, local at the property), else the
   * booking's instructions'.
   */
  checkInTime: text,
  checkOutTime: text,
  /** Who meets the guest and how to reach them, from the kept booking's instructions. */
  checkinContact: text,
  contactPhone: z
    .object({ country: text, number: z.number().nullable(), code: z.number().nullable() })
    .nullable(),
  collectionPoint: text,
  /** When this booking's kept copy was read from the service, epoch ms. */
  keptAt: z.number().int()
})
export type SheetRow = z.infer<typeof SheetRow>

/** The downtime pack: the arrivals and departures of today and the next days, kept bookings'. */
export const DowntimeSheet = z.object({
  profile: z.object({ name: z.string(), kind: z.string() }),
  /** When the sheet was made (from the kept copies as they are then), epoch ms. */
  madeAt: z.number().int(),
  /**
   * The sheet's dates, both included: today's UTC date (the calendar the service's dates count)
   * to three days later, the dates the next 72 hours run through. By date, not by the hour: the
   * service's check-in and check-out times are the property's local time, without its zone.
   */
  from: isoDate,
  to: isoDate,
  rows: z.array(SheetRow),
  /** Cancelled (in any way), expired or declined bookings of those dates: left off the sheet. */
  leftOff: z.array(
    z.object({
      bookingId: z.string(),
      status: z.string(),
      event: z.enum(['arrival', 'departure']),
      date: isoDate
    })
  ),
  /** How many bookings this profile keeps in all (the sheet's whole source). */
  keptBookings: z.number().int()
})
export type DowntimeSheet = z.infer<typeof DowntimeSheet>

/** The downtime pack (issue 23): computed from the kept copies whenever it is asked for. */
export const downtimeCommands = {
  'downtime:sheet': { input: none, output: DowntimeSheet },
  /** Prints the window (the sheet on screen) to PDF and saves it where the person chooses. */
  'downtime:save-pdf': { input: none, output: z.object({ file: z.string().nullable() }) }
} as const satisfies ContractSlice<'downtime'>
