import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { HubDatabaseError } from '../errors'

/**
 * PGlite is one PostgreSQL backend inside this process, with no lock of its own on its folder:
 * two processes opening one folder (a `hub serve` and a `hub users add` beside it) would each
 * write pages the other does not know of and damage the database. So the first to open the
 * folder leaves its pid in this file and the second is refused, unless that process is gone
 * (a hub that was killed leaves the file behind; it is taken over).
 */
const LOCK_FILE = 'staydesk-hub.pid'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function holder(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim())
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/** Takes the folder for this process; returns the release. */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' })
      return () => rmSync(file, { force: true })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new HubDatabaseError(`The hub's data folder ${dir} cannot be written: ${String(err)}`)
      }
      const pid = holder(file)
      if (pid !== undefined && alive(pid)) {
        throw new HubDatabaseError(
          `The hub's embedded database in ${dir} is open in another process (pid ${pid}, a ` +
            'running `hub serve`?): stop it first, or run the hub on a PostgreSQL server (DATABASE_URL) so that commands can run beside it'
        )
      }
      rmSync(file, { force: true })
    }
  }
  throw new HubDatabaseError(`The hub's data folder ${dir} could not be locked for this process`)
}
