import type { DomainHandlers } from '@shared/ipc/contract'
import { utcDateOf } from '@shared/domain/dates'
import type { AppContext } from '../context'
import { downtimeSheet } from './sheet'

/**
 * The downtime pack: the arrivals and departures of today and the next three days, made from the
 * active profile's kept bookings whenever it is asked for (so it is as current as the last sync
 * and booking read), and saved as a PDF only where the person chooses.
 */
export function downtimeHandlers(ctx: AppContext): DomainHandlers<'downtime'> {
  return {
    'downtime:sheet': async () => {
      const { name, kind } = ctx.profile()
      return downtimeSheet(await ctx.mirror(), { name, kind }, ctx.now())
    },
    'downtime:save-pdf': async () => {
      // The window shows the sheet (print-styled) when the person asks: that is what prints.
      const pdf = await ctx.files.printToPdf()
      const file = await ctx.files.save({
        suggestedName: `Downtime pack ${ctx.profile().name} ${utcDateOf(ctx.now())}.pdf`,
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
        contents: pdf
      })
      return { file }
    }
  }
}
