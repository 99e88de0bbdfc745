import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeSync
} from 'node:fs'
import { randomBytes } from 'node:crypto'

/**
 * File helpers for data only this user may read (tokens, profiles). POSIX modes are no-ops on
 * Windows, where the per-user profile directory's ACL does the same job.
 */

/** Creates `dir` if needed and narrows it to 0700, also when it already existed wider. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  chmodSync(dir, 0o700)
}

/**
 * Replaces `path` with `data` so that a crash leaves either the old or the new file, never a
 * half-written one: write a 0600 temp file next to it, fsync, then rename over the target
 * (rename is atomic within one directory). `wx` refuses to follow a planted temp file.
 */
export function writeFileAtomic(path: string, data: string | Buffer, mode = 0o600): void {
  const temp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`
  const fd = openSync(temp, 'wx', mode)
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
    let written = 0
    while (written < bytes.length) written += writeSync(fd, bytes, written)
    fsyncSync(fd)
  } catch (err) {
    closeSync(fd)
    rmSync(temp, { force: true })
    throw err
  }
  closeSync(fd)
  try {
    // Mode on open is filtered by the umask; chmod makes 0600 exact.
    chmodSync(temp, mode)
    renameSync(temp, path)
  } catch (err) {
    rmSync(temp, { force: true })
    throw err
  }
}
