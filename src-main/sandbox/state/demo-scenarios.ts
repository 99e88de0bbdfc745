/**
 * The script of the demo bookings: one entry per booking, each showing a status (every status
 * the spec lists, plus `confirmed`) and a money situation a client has to display. Days count
 * from the sandbox's today at start (negative: in the past); demo-bookings.ts finds a listing
 * and free nights for each entry. docs/sandbox.md ("Demo bookings") lists the same.
 */

export type DayRange = readonly [number, number]

/** How a booking ended before the sandbox started: cancelled by someone, or declined. */
interface DemoEnd {
  /** It ended this many days before today. */
  daysAgo: DayRange
  by: 'guest' | 'pm' | 'service' | 'channel'
  /** Percent of what was paid that came back; `partialTier`: the guest's tier that day, 1–99%. */
  refund: 'partialTier' | number
  reason: string
  message: string
}

export interface DemoScenario {
  status: string
  /** What the booking demonstrates. */
  shows: string
  checkIn: DayRange
  nights: DayRange
  /** The booking was made this many days before today. */
  bookedAgo: DayRange
  bookingType: 'instant' | 'onRequest'
  merchantOfRecord: 'service' | 'channel'
  /**
   * `card`: an accepted card paid what was due at booking, and a balance on its due date when
   * that came before today (and before the booking ended); `declined`: the card was declined;
   * `none`: nothing was paid.
   */
  payment: 'card' | 'declined' | 'none'
  /** A guest cancelling today gets a partial refund: 0 < tier < 100%. */
  partialRefundToday?: true
  /** pendingPayment: the payment period ends this many hours after the sandbox starts. */
  expiresInHours?: DayRange
  end?: DemoEnd
  ownReference?: true
  salesBrand?: true
  notes?: string
}

export const DEMO_SCENARIOS: readonly DemoScenario[] = [
  {
    status: 'confirmed',
    shows: 'deposit paid, balance due within the next 7 days',
    checkIn: [33, 37],
    nights: [3, 10],
    bookedAgo: [6, 40],
    bookingType: 'instant',
    merchantOfRecord: 'service',
    payment: 'card',
    ownReference: true,
    salesBrand: true
  },
  {
    status: 'confirmed',
    shows: 'paid in full: deposit at booking, balance on its due date',
    checkIn: [6, 21],
    nights: [3, 8],
    bookedAgo: [50, 120],
    bookingType: 'instant',
    merchantOfRecord: 'service',
    payment: 'card'
  },
  {
    status: 'confirmed',
    shows: 'a guest cancelling today is refunded by a partial tier (50%)',
    checkIn: [8, 45],
    nights: [2, 7],
    bookedAgo: [2, 20],
    bookingType: 'instant',
    merchantOfRecord: 'service',
    payment: 'card',
    partialRefundToday: true
  },
  {
    status: 'confirmed',
    shows: 'the sales channel is Merchant of Record; months ahead, deposit paid',
    checkIn: [75, 160],
    nights: [5, 14],
    bookedAgo: [3, 30],
    bookingType: 'instant',
    merchantOfRecord: 'channel',
    payment: 'card',
    ownReference: true
  },
  {
    status: 'confirmed',
    shows: 'the sales channel is Merchant of Record; short notice, paid in one instalment',
    checkIn: [3, 14],
    nights: [2, 6],
    bookedAgo: [2, 10],
    bookingType: 'instant',
    merchantOfRecord: 'channel',
    payment: 'card',
    salesBrand: true
  },
  {
    status: 'pendingPayment',
    shows: 'the card was declined; payable with /pay until expiresAt, a few hours after start',
    checkIn: [9, 26],
    nights: [2, 7],
    bookedAgo: [1, 1],
    bookingType: 'instant',
    merchantOfRecord: 'service',
    payment: 'declined',
    expiresInHours: [2, 5]
  },
  {
    status: 'pendingPayment',
    shows: 'the sales channel is Merchant of Record and has not paid yet; expires later today',
    checkIn: [12, 28],
    nights: [3, 9],
    bookedAgo: [1, 1],
    bookingType: 'instant',
    merchantOfRecord: 'channel',
    payment: 'none',
    expiresInHours: [8, 13],
    ownReference: true
  },
  {
    status: 'pendingConfirm',
    shows: 'on-request listing: paid, waiting for the property manager to confirm',
    checkIn: [20, 70],
    nights: [3, 10],
    bookedAgo: [1, 1],
    bookingType: 'onRequest',
    merchantOfRecord: 'service',
    payment: 'card'
  },
  {
    status: 'inProgress',
    shows: 'the guests are staying: check-in before today, check-out after',
    checkIn: [-4, -1],
    nights: [5, 10],
    bookedAgo: [35, 120],
    bookingType: 'instant',
    merchantOfRecord: 'service',
    payment: 'card'
  },
  {
    status: 'coolOff',
    shows: 'booked yesterday and in its cool-off period: the guest may still withdraw',
    checkIn: [40, 120],
    nights: [4, 10],
    bookedAgo: [1, 1],
    bookingType: 'instant',
    merchantOfRecord: 'service',
    payment: 'card',
    ownReference: true
  },
  {
    status: 'completed',
    shows: 'the stay is over and was paid in full',
    checkIn: [-30, -14],
    nights: [3, 10],
    bookedAgo: [40, 150],
    bookingType: 'instant',
    merchantOfRecord: 'service',
    payment: 'card'
  },
  {
    status: 'completed',
    shows: 'an earlier stay through a channel that is Merchant of Record',
    checkIn: [-90, -40],
    nights: [4, 14],
    bookedAgo: [100, 200],
    bookingType: 'instant',
    merchantOfRecord: 'channel',
    payment: 'card',
    ownReference: true,
    salesBrand: true
  },
  {
    status: 'cancelledByGuest',
    shows: 'the guest cancelled inside a partial tier: half of what was paid came back',
    checkIn: [3, 40],
    nights: [2, 7],
    bookedAgo: [20, 60],
    bookingType: 'instant',
    merchantOfRecord: 'service',
    payment: 'card',
    end: {
      daysAgo: [2, 12],
      by: 'guest',
      refund: 'partialTier',
      reason: 'Change of plans',
      message: 'We are very sorry, we can no longer travel on these dates.'
    }
  },
  {
    status: 'cancelledByPm',
    shows: 'the property manager cancelled: everything paid came back',
    checkIn: [10, 60],
    nights: [3, 8],
    bookedAgo: [15, 50],
    bookingType: 'instant',
    merchantOfRecord: 'channel',
    payment: 'card',
    ownReference: true,
    end: {
      daysAgo: [1, 10],
      by: 'pm',
      refund: 100,
      reason: 'Property unavailable',
      message: 'A water leak has to be repaired; we are sorry and have refunded you in full.'
    }
  },
  {
    status: 'cancelledByYR',
    shows: 'the service itself cancelled: everything paid came back',
    checkIn: [15, 90],
    nights: [3, 10],
    bookedAgo: [10, 40],
    bookingType: 'instant',
    merchantOfRecord: 'service',
    payment: 'card',
    end: {
      daysAgo: [1, 8],
      by: 'service',
      refund: 100,
      reason: 'Listing withdrawn',
      message: 'The listing was withdrawn by the service; the guest was refunded in full.'
    }
  },
  {
    status: 'cancelled',
    shows: 'withdrawn by the channel before anything was paid (a duplicate)',
    checkIn: [20, 80],
    nights: [3, 7],
    bookedAgo: [3, 15],
    bookingType: 'instant',
    merchantOfRecord: 'channel',
    payment: 'none',
    end: {
      daysAgo: [1, 2],
      by: 'channel',
      refund: 0,
      reason: 'Duplicate booking',
      message: 'This booking duplicated another one and was withdrawn.'
    }
  },
  {
    status: 'expired',
    shows: 'never paid: the payment period ran out and the nights are free again',
    checkIn: [10, 50],
    nights: [2, 7],
    bookedAgo: [2, 8],
    bookingType: 'instant',
    merchantOfRecord: 'service',
    payment: 'none'
  },
  {
    status: 'declined',
    shows: 'on-request booking the property manager declined: the payment came back',
    checkIn: [25, 90],
    nights: [3, 10],
    bookedAgo: [3, 12],
    bookingType: 'onRequest',
    merchantOfRecord: 'service',
    payment: 'card',
    end: {
      daysAgo: [1, 2],
      by: 'pm',
      refund: 100,
      reason: 'Declined',
      message: 'Sorry, the house is not available for these dates.'
    }
  },
  {
    status: 'disputeByGuest',
    shows: 'after the stay the guest disputes it',
    checkIn: [-20, -9],
    nights: [3, 7],
    bookedAgo: [30, 90],
    bookingType: 'instant',
    merchantOfRecord: 'service',
    payment: 'card',
    notes: 'The guest reports that the pool was closed for three days.'
  },
  {
    status: 'disputeByPm',
    shows: 'after the stay the property manager claims damage',
    checkIn: [-25, -8],
    nights: [3, 7],
    bookedAgo: [30, 90],
    bookingType: 'instant',
    merchantOfRecord: 'channel',
    payment: 'card',
    notes: 'Broken garden furniture; the property manager claims against the deposit.'
  },
  {
    status: 'pendingCancellation',
    shows: 'the guest asked to cancel and the service has not settled it; the nights stay held',
    checkIn: [14, 60],
    nights: [3, 10],
    bookedAgo: [10, 40],
    bookingType: 'instant',
    merchantOfRecord: 'service',
    payment: 'card',
    ownReference: true,
    notes: 'Cancellation requested by the guest; awaiting the property manager.'
  }
]
