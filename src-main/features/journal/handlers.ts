import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'
import { saveCsv } from '../save-csv'
import { settleWrite } from './settle'

export function auditHandlers(ctx: AppContext): DomainHandlers<'audit'> {
  return {
    'audit:list': async (filter) => ctx.journal.list(filter),
    'audit:settle': async (input) => settleWrite(ctx, input),
    'audit:export': async (filter) => {
      const { text, rows } = ctx.journal.csv(filter)
      const file = await saveCsv(ctx.files, `StayDesk journal ${ctx.today()}.csv`, text)
      return { file, rows }
    }
  }
}
