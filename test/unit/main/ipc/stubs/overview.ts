import type { CommandOf } from '@shared/ipc/channels'
import type { CommandInput } from '@shared/ipc/contract'
import type { OverviewFigures } from '@shared/overview/overview.schema'
import type { Handlers } from '../../../../../src-main/ipc/register'

/** One valid input per overview command (contract-stubs.ts joins the domains). */
export const OVERVIEW_INPUTS: { [C in CommandOf<'overview'>]: CommandInput<C> } = {
  'overview:get': { region: 'Toscana', month: '2027-02', offset: 0, limit: 50, sort: 'gapNights' },
  'overview:gaps': { listingId: 100023 },
  'overview:export': { month: '2027-02' }
}

const FIGURES: OverviewFigures = {
  days: 28,
  unknown: 0,
  unavailable: 7,
  unavailableShare: 0.25,
  averageRateCents: 12_050,
  pricedNights: 28,
  open: 21,
  openValueCents: 253_050,
  openUnpriced: 0,
  gapNights: 2,
  gapValueCents: 24_100,
  gapUnpriced: 0
}

/** A fixed valid output per overview command. */
export const OVERVIEW_ANSWERS: { [C in CommandOf<'overview'>]: Awaited<ReturnType<Handlers[C]>> } =
  {
    'overview:get': {
      today: '2026-11-23',
      months: [{ month: '2027-02', figures: FIGURES }],
      period: '2027-02',
      totals: FIGURES,
      regions: [{ region: 'Toscana', listings: 1, figures: FIGURES }],
      region: 'Toscana',
      listings: {
        total: 1,
        offset: 0,
        items: [{ id: 100023, name: 'Casa Lucca', region: 'Toscana', figures: FIGURES }]
      }
    },
    'overview:gaps': {
      today: '2026-11-23',
      days: 90,
      total: 1,
      nights: 2,
      valueCents: 24_100,
      unpriced: 1,
      offset: 0,
      items: [
        {
          listingId: 100023,
          name: 'Casa Lucca',
          region: 'Toscana',
          from: '2027-02-12',
          to: '2027-02-14',
          nights: 2,
          valueCents: 12_050,
          unpriced: ['2027-02-13'],
          reason: 'min-stay',
          arrival: '2027-02-12',
          arrivals: 1,
          nightsLeft: 2,
          minStay: 3,
          maxStay: 0,
          earliest: null,
          mixed: false
        }
      ]
    },
    'overview:export': { file: '/tmp/StayDesk overview 2026-11-23.csv', rows: 120_000 }
  }
