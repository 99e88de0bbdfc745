import { readFileSync, renameSync } from 'node:fs'
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
  let reason: string
  try {
    const parsed = ProfilesFile.safeParse(JSON.parse(text))
    if (parsed.success) return { state: 'ok', data: parsed.data }
    const first = parsed.error.issues[0]
    reason = `invalid ${first.path.join('.') || 'file'}: ${first.message}`
  } catch {
    reason = 'not valid JSON'
  }
  // Colons are not allowed in Windows file names.
  const movedTo = `${path}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`
  renameSync(path, movedTo)
  return { state: 'recovered', issue: { kind: 'corrupt-file', movedTo, reason } }
}

export function saveProfilesFile(path: string, data: ProfilesFile): void {
  writeFileAtomic(path, `${JSON.stringify(data, null, 2)}\n`)
}
