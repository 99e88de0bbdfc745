import { z } from 'zod'
import { JournalEntry, JournalFilter, SettleInput } from '../journal.schema'
import { SavedFile } from '../saved-file.schema'
import type { ContractSlice } from './common'

export const journalCommands = {
  'journal:list': {
    input: JournalFilter,
    output: z.object({ total: z.number().int(), items: z.array(JournalEntry) })
  },
  /**
   * Settles by hand a write whose outcome is unknown (what the agent found out, with a note):
   * recorded beside the write, nothing sent to the service.
   */
  'journal:settle': { input: SettleInput, output: JournalEntry },
  /** The filtered journal as a CSV file the person chooses. */
  'journal:export': { input: JournalFilter, output: SavedFile }
} as const satisfies ContractSlice<'journal'>
