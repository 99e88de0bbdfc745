import { extname } from 'node:path'

/** The app keeps one journal in its data folder, for the writes of every profile. */
export const APP_JOURNAL_FILE = 'audit-journal.sqlite'

/**
 * The CLI's journal: beside the mirror file it was given, so that `--db mirror.sqlite` records
 * its writes in `mirror.journal.sqlite` in the same folder. A name without an extension gets
 * `.journal.sqlite` appended. Only the extension is replaced; the folder is kept as written.
 */
export function journalFileBeside(dbFile: string): string {
  const ext = extname(dbFile)
  const stem = ext === '' ? dbFile : dbFile.slice(0, -ext.length)
  return `${stem}.journal.sqlite`
}
