import { z } from 'zod'
import { isoDate } from '../../api/common.schema'
import {
  AvailabilityMisses,
  AvailabilityResultsInput,
  AvailabilitySearchInput,
  AvailabilitySearchResult,
  LiveAvailability
} from '../availability.schema'
import type { ContractSlice } from './common'

export const availabilityCommands = {
  /**
   * The listings bookable for the stay, from the offline copy, with their price estimates: how
   * many, and one window of them in the sort's order.
   */
  'availability:search': { input: AvailabilityResultsInput, output: AvailabilitySearchResult },
  /** Why the others can't be booked, by reason (see AvailabilityMisses). */
  'availability:misses': { input: AvailabilitySearchInput, output: AvailabilityMisses },
  /** The service's period availability beside the offline copy's, per listing. */
  'availability:live': {
    input: z.object({ from: isoDate, to: isoDate }).strict(),
    output: LiveAvailability
  }
} as const satisfies ContractSlice<'availability'>
