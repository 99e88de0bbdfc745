import { parse } from 'csv-parse/sync'
import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppCore } from '../context'
import { saveCsv } from '../save-csv'
import { previewReferences, referencesCsv } from './reference-csv'
import { applyReferences, setReference } from './references'

export function referenceHandlers(core: AppCore): DomainHandlers<'references'> {
  const mirror = () => core.slot.get()
  const name = (what: string) => `StayDesk ${what} ${core.desk.today()}.csv`
  return {
    'references:get': async ({ listingId }) => (await mirror()).kept.reference(listingId) ?? null,
    'references:set': (input) => setReference(core.desk, input),
    // A channel column is checked against the profile's own channel (the one rows are sent for).
    'references:preview': async ({ csv }) =>
      previewReferences(await mirror(), csv, { salesChannel: core.desk.profile().salesChannel }),
    'references:apply': (input) => applyReferences(core.desk, input),
    'references:export': async () => {
      const kept = (await mirror()).kept.references()
      const file = await saveCsv(core.files, name('references'), referencesCsv(kept))
      return { file, rows: kept.length }
    },
    'references:save-undo': async ({ csv }) => {
      const rows = Math.max(0, (parse(csv, { bom: true }) as unknown[]).length - 1)
      return { file: await saveCsv(core.files, name('references undo'), csv), rows }
    }
  }
}
