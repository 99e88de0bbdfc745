import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { UsageError } from './args'

/** A byte-order mark, so that spreadsheet programs read a saved file's accents as UTF-8. */
export const BOM = '\uFEFF'

/**
 * A file the command line creates and never replaces: a person who named an existing file may
 * still need what is in it (last week's undo file), and the shell's `>` is there for
 * overwriting on purpose. Checked before anything is sent, so a bad name costs nothing.
 */
export function newFileTarget(flag: string, file: string): string {
  if (existsSync(file)) {
    throw new UsageError(`${flag}: ${file} already exists; give the name of a new file`)
  }
  const folder = dirname(file)
  if (!existsSync(folder)) throw new UsageError(`${flag}: there is no folder ${folder}`)
  try {
    accessSync(folder, constants.W_OK)
  } catch {
    throw new UsageError(`${flag}: the folder ${folder} can't be written to`)
  }
  return file
}

/** A text file named on the command line, or a usage error saying why it can't be read. */
export function readInputFile(what: string, file: string): string {
  let reason: string
  try {
    if (statSync(file).isDirectory())
      throw new UsageError(`${what}: ${file} is a folder, not a file`)
    return readFileSync(file, 'utf8')
  } catch (err) {
    if (err instanceof UsageError) throw err
    const code = (err as NodeJS.ErrnoException).code
    reason =
      code === 'ENOENT'
        ? 'there is no such file'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : (err as Error).message
  }
  throw new UsageError(`${what}: can't read ${file}: ${reason}`)
}
