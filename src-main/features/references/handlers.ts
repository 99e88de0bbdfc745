import { parse } from 'csv-parse/sync'
import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'
import { saveCsv } from '../save-csv'
import { previewReferences, referencesCsv } from './reference-csv'
import { applyReferences, setReference } from './references'

export function referenceHandlers(ctx: AppContext): DomainHandlers<'references'> {
  const name = (what: string) => `StayDesk ${what} ${ctx.today()}.csv`
  return {
    'references:get': async ({ listingId }) =>
      (await ctx.mirror()).kept.reference(listingId) ?? null,
    'references:set': (input) => setReference(ctx, input),
    // A channel column is checked against the profile's own channel (the one rows are sent for).
    'references:preview': async ({ csv }) =>
      previewReferences(await ctx.mirror(), csv, { salesChannel: ctx.profile().salesChannel }),
    'references:apply': (input) => applyReferences(ctx, input),
    'references:export': async () => {
      const kept = (await ctx.mirror()).kept.references()
      const file = await saveCsv(ctx.files, name('references'), referencesCsv(kept))
      return { file, rows: kept.length }
    },
    'references:save-undo': async ({ csv }) => {
      const rows = Math.max(0, (parse(csv, { bom: true }) as unknown[]).length - 1)
      return { file: await saveCsv(ctx.files, name('references undo'), csv), rows }
    }
  }
}
