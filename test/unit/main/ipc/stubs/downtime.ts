import type { CommandOf } from '@shared/ipc/channels'
import type { CommandInput } from '@shared/ipc/contract'
import type { Handlers } from '../../../../../src-main/ipc/register'

/** One valid input per downtime command (contract-stubs.ts joins the domains). */
export const DOWNTIME_INPUTS: { [C in CommandOf<'downtime'>]: CommandInput<C> } = {
  'downtime:sheet': {},
  'downtime:save-pdf': {}
}

/** A fixed valid output per downtime command. */
export const DOWNTIME_ANSWERS: { [C in CommandOf<'downtime'>]: Awaited<ReturnType<Handlers[C]>> } =
  {
    'downtime:sheet': {
      profile: { name: 'Demo', kind: 'test' },
      madeAt: Date.UTC(2026, 10, 23, 9),
      from: '2026-11-23',
      to: '2026-11-26',
      rows: [
        {
          event: 'arrival',
          date: '2026-11-24',
          time: '15:00',
          timeFrom: 'booking',
          bookingId: 'SB10000001',
          status: 'confirmed',
          paymentStatus: 'paid',
          guest: { name: 'Zoë de Vries', email: 'zoe.devries@example.com', phone: '+31 6 1234' },
          listingId: 100023,
          listingName: 'Casa Lucca',
          address: {
            address: 'Via Roma 1',
            street: null,
            number: null,
            zip: '55100',
            city: 'Lucca',
            region: 'Tuscany',
            country: 'Italy'
          },
          addressFrom: 'listing',
          checkInTime: '15:00',
          checkOutTime: '10:00',
          checkinContact: 'Anna, reception',
          contactPhone: { country: 'IT', number: 5550123, code: 39 },
          collectionPoint: 'Key box',
          keptAt: Date.UTC(2026, 10, 23, 8)
        }
      ],
      leftOff: [
        {
          bookingId: 'SB10000002',
          status: 'cancelledByGuest',
          event: 'arrival',
          date: '2026-11-25'
        }
      ],
      keptBookings: 2
    },
    'downtime:save-pdf': { file: '/home/me/Documents/Downtime pack.pdf' }
  }
