import { readFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { Profile } from '@shared/profile.schema'
import { writeFileAtomic } from '../auth/private-files'

/** `profiles.json`: the profiles and which one is active. Tokens live elsewhere. */
export const ProfilesFile = z.object({
  version: z.literal(1),
  activeId: z.string(),
  profiles: z.array(Profile)
})
export type ProfilesFile = z.output<typeof ProfilesFile>

/** Something the app should tell the user about, found while loading (not a crash). */
export interface ProfilesFileIssue {
  kind: 'corrupt-file'
  /** Where the unreadable file was moved, so the user (or support) can still look at it. */
  movedTo: string
  /** A short reason: not JSON, or which field failed validation. */
  reason: string
}

export type LoadedProfiles =
  | { state: 'absent' }
  | { state: 'ok'; data: ProfilesFile }
  | { state: 'recovered'; issue: ProfilesFileIssue }

/**
 * Reads `path`. A file that isn't JSON or fails validation is moved aside to
 * `<path>.corrupt-<time>` rather than overwritten, so nothing is lost and the app can start with
 * a fresh Demo profile. The whole file is set aside (not just the bad entries) because a
 * half-understood file is more likely a newer app's format than one bad row.
 */
export function loadProfilesFile(path: string, now: Date): LoadedProfiles {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'absent' }
    throw err
  }
  const parsed = parseProfilesText(text)
  if (parsed.ok) return { state: 'ok', data: parsed.data }
  // Colons are not allowed in Windows file names.
  const movedTo = `${path}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`
  renameSync(path, movedTo)
  return { state: 'recovered', issue: { kind: 'corrupt-file', movedTo, reason: parsed.reason } }
}

export type ReadProfiles =
  | { state: 'absent' }
  | { state: 'ok'; data: ProfilesFile }
  /** `reason`: not JSON, which field failed validation, or why the file could not be opened. */
  | { state: 'unreadable'; reason: string }

/**
 * Reads `path` and changes nothing, for the command line: it may run beside the app, whose
 * file this is, so it neither writes the file (no Demo profile added) nor moves an unreadable
 * one aside. Deciding what to do about a broken file is the app's job, in front of the user.
 */
export function readProfilesFile(path: string): ReadProfiles {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { state: 'absent' }
    const reason =
      READ_FAILURES[code ?? ''] ?? (code ? `cannot open it (${code})` : 'cannot open it')
    return { state: 'unreadable', reason }
  }
  const parsed = parseProfilesText(text)
  return parsed.ok
    ? { state: 'ok', data: parsed.data }
    : { state: 'unreadable', reason: parsed.reason }
}

const READ_FAILURES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a folder, not a file'
}

function parseProfilesText(
  text: string
): { ok: true; data: ProfilesFile } | { ok: false; reason: string } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'not valid JSON' }
  }
  const parsed = ProfilesFile.safeParse(json)
  if (parsed.success) return { ok: true, data: parsed.data }
  const first = parsed.error.issues[0]
  return { ok: false, reason: `invalid ${first.path.join('.') || 'file'}: ${first.message}` }
}

/**
 * `<dataDir>/mirrors/<id>.sqlite`, a profile's own mirror. Only the path: ProfileStore's
 * mirrorPath also creates the private mirrors folder; a reader that finds no file there has
 * nothing to read anyway. Ids are app-generated and the schema keeps them to `[A-Za-z0-9_-]`,
 * so the name can't leave the folder.
 */
export function profileMirrorFile(dataDir: string, id: string): string {
  return join(dataDir, 'mirrors', `${id}.sqlite`)
}

export function saveProfilesFile(path: string, data: ProfilesFile): void {
  writeFileAtomic(path, `${JSON.stringify(data, null, 2)}\n`)
}
