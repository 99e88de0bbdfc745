import { z } from 'zod'
import { JournalEntry, JournalFilter, SavedFile } from '../desk.schema'
import type { ContractSlice } from './common'

export const auditCommands = {
  'audit:list': {
    input: JournalFilter,
    output: z.object({ total: z.number().int(), items: z.array(JournalEntry) })
  },
  /** The filtered journal as a CSV file the person chooses. */
  'audit:export': { input: JournalFilter, output: SavedFile }
} as const satisfies ContractSlice<'audit'>
