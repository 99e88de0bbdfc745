import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppCore } from '../context'
import { saveCsv } from '../save-csv'
import { settleWrite } from './settle'

export function auditHandlers(core: AppCore): DomainHandlers<'audit'> {
  return {
    'audit:list': async (filter) => core.desk.journal.list(filter),
    'audit:settle': async (input) => settleWrite(core.desk, input),
    'audit:export': async (filter) => {
      const { text, rows } = core.desk.journal.csv(filter)
      const file = await saveCsv(core.files, `StayDesk journal ${core.desk.today()}.csv`, text)
      return { file, rows }
    }
  }
}
