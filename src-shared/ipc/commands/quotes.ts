import { QuoteAnswer, QuoteInput } from '../quotes.schema'
import type { ContractSlice } from './common'

export const quoteCommands = {
  /**
   * The service's live quote for a stay beside the estimate from the offline copy, with every
   * difference between the two. The service being unreachable is part of the answer.
   */
  'quotes:ask': { input: QuoteInput, output: QuoteAnswer }
} as const satisfies ContractSlice<'quotes'>
