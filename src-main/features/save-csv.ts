import type { FileDeps } from './context'

/**
 * Saves CSV text where the person chooses, with a byte-order mark so that spreadsheet programs
 * read accents as UTF-8. Resolves to the path, or null when the person cancelled.
 */
export function saveCsv(
  files: FileDeps,
  suggestedName: string,
  text: string
): Promise<string | null> {
  return files.save({
    suggestedName,
    filters: [{ name: 'CSV', extensions: ['csv'] }],
    contents: text.startsWith('\uFEFF') ? text : `\uFEFF${text}`
  })
}
