import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'
import { saveCsv } from '../save-csv'
import { gaps, overview } from './overview'
import { overviewCsv } from './overview-csv'
import { overviewOf } from './source'

/** The portfolio overview and gap nights, from the offline copy (features/overview). */
export function overviewHandlers(ctx: AppContext): DomainHandlers<'overview'> {
  const data = async () => overviewOf(await ctx.mirror()).get(ctx.today())
  return {
    'overview:get': async (input) => overview(await data(), input),
    'overview:gaps': async (input) => gaps(await data(), input),
    'overview:export': async (input) => {
      const { text, rows } = overviewCsv(await data(), input)
      const name = `StayDesk overview ${ctx.today()}${input.month ? ` ${input.month}` : ''}.csv`
      return { file: await saveCsv(ctx.files, name, text), rows }
    }
  }
}
