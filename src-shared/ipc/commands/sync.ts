import { z } from 'zod'
import { QuarantinedRecordView, SyncResourceName, SyncStatus, SyncSummary } from '../sync.schema'
import { none, type ContractSlice } from './common'

export const syncCommands = {
  'sync:status': { input: none, output: SyncStatus },
  'sync:run': { input: z.object({ full: z.boolean().optional() }).strict(), output: SyncSummary },
  'sync:cancel': { input: none, output: z.object({ cancelled: z.boolean() }) },
  'sync:quarantine': {
    input: z
      .object({
        resource: SyncResourceName.optional(),
        limit: z.number().int().min(1).max(1000).optional()
      })
      .strict(),
    output: z.array(QuarantinedRecordView)
  }
} as const satisfies ContractSlice<'sync'>
