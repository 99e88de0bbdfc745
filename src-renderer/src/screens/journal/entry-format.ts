/** How an entry's parts are laid out for reading: a saved file's name, a body as JSON. */

/** The file's own name, from a full path (either separator). */
export function fileNameOf(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}

/** A request or answer as the journal keeps it, as indented JSON (or why there is none). */
export function readableJson(value: unknown): string {
  if (value === undefined || value === null) return 'Nothing recorded.'
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2)
    } catch {
      return value
    }
  }
  return JSON.stringify(value, null, 2)
}
