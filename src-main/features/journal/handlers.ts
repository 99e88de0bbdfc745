import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'
import { saveCsv } from '../save-csv'
import { settleWrite } from './settle'

export function journalHandlers(ctx: AppContext): DomainHandlers<'journal'> {
  return {
    'journal:list': async (filter) => ctx.journal.list(filter),
    'journal:settle': async (input) => settleWrite(ctx, input),
    'journal:export': async (filter) => {
      const { text, rows } = ctx.journal.csv(filter)
      const file = await saveCsv(ctx.files, `StayDesk journal ${ctx.today()}.csv`, text)
      return { file, rows }
    }
  }
}
