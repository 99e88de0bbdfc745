import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'
import { saveCsv } from '../save-csv'
import { settleWrite } from './settle'
import { activeHub, settleTeamWrite, teamJournal, teamJournalCsv } from './team'

export function journalHandlers(ctx: AppContext): DomainHandlers<'journal'> {
  return {
    // On a team hub profile: the team's journal at the hub, with who sent each write.
    'journal:list': async (filter) =>
      activeHub(ctx) ? teamJournal(ctx, filter) : ctx.journal.list(filter),
    'journal:settle': async (input) =>
      activeHub(ctx) ? settleTeamWrite(ctx, input) : settleWrite(ctx, input),
    // On a team hub profile the team's journal, every sender named: not this computer's writes.
    'journal:export': async (filter) => {
      const { text, rows } = activeHub(ctx)
        ? await teamJournalCsv(ctx, filter)
        : ctx.journal.csv(filter)
      const file = await saveCsv(ctx.files, `StayDesk journal ${ctx.today()}.csv`, text)
      return { file, rows }
    }
  }
}
