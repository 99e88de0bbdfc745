import { z } from 'zod'
import {
  CancelInput,
  CancelOutcome,
  CancelPreview,
  CreateInput,
  CreateOutcome,
  KeptBooking,
  PayInput,
  PayOutcome,
  RecentBookings,
  RecentBookingsInput,
  WatchList,
  bookingKeyText
} from '../bookings.schema'
import { SavedFile } from '../saved-file.schema'
import { none, type ContractSlice } from './common'

const bookingKey = bookingKeyText

export const bookingCommands = {
  /**
   * Reads a booking from the service by its id, or by the own reference of a booking StayDesk
   * knows, and keeps the copy. Offline, the kept copy answers (marked as such).
   */
  'bookings:open': {
    input: z
      .object({ id: bookingKey.optional(), reference: bookingKey.optional() })
      .strict()
      .refine((i) => (i.id === undefined) !== (i.reference === undefined), {
        message: 'give a booking id or an own reference',
        path: ['id']
      }),
    output: KeptBooking
  },
  /**
   * The kept copies, newest read first, filtered; on a team hub profile, a search finds the
   * team's kept bookings (anyone's reads and writes).
   */
  'bookings:recent': { input: RecentBookingsInput, output: RecentBookings },
  'bookings:watch': { input: none, output: WatchList },
  /** What a cancellation would refund, from the booking as last read (an estimate). */
  'bookings:cancel-preview': {
    input: z.object({ id: bookingKey }).strict(),
    output: CancelPreview
  },
  'bookings:cancel': { input: CancelInput, output: CancelOutcome },
  'bookings:create': { input: CreateInput, output: CreateOutcome },
  'bookings:pay': { input: PayInput, output: PayOutcome },
  /** Prints the voucher on screen to a PDF file the person chooses. */
  'bookings:save-voucher': {
    input: z.object({ id: bookingKey }).strict(),
    output: SavedFile
  }
} as const satisfies ContractSlice<'bookings'>
