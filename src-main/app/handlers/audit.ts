import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppCore } from '../core'

export function auditHandlers(core: AppCore): DomainHandlers<'audit'> {
  return {
    'audit:list': async (filter) => core.desk.journal.list(filter),
    'audit:export': async (filter) => {
      const { text, rows } = core.desk.journal.csv(filter)
      const file = await core.files.save({
        suggestedName: `StayDesk journal ${core.desk.today()}.csv`,
        filters: [{ name: 'CSV', extensions: ['csv'] }],
        // A byte-order mark, so spreadsheet programs read the names' accents as UTF-8.
        contents: `\uFEFF${text}`
      })
      return { file, rows }
    }
  }
}
