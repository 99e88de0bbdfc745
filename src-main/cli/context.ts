import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createApiClient, type ApiClient } from '../api'
import { ensurePrivateDir } from '../auth/private-files'
import { tokenFromEnvironment } from '../auth/token-store'
import { openMirror, type Mirror } from '../db'
import { AppError } from '../errors'
import { profileMirrorFile, readProfilesFile } from '../profiles/profiles-file'
import { defaultDataDir } from '../app-paths'
import { utcDateOf } from '@shared/domain/dates'
import { UsageError, optionalDate, type GlobalValues } from './args'
import type { Profile } from '@shared/profile.schema'

/**
 * Where a command's data comes from: `--profile NAME` (a profile saved by the app: its base
 * URL, channel and mirror file) or `--base-url` / `--db` given directly. The token never comes
 * from a flag: STAYDESK_TOKEN or --token-file.
 */
export class CliContext {
  private mirrorHandle: Mirror | undefined
  private clientHandle: ApiClient | undefined
  private readonly profile: Profile | undefined
  private readonly profileMirror: string | undefined

  constructor(
    readonly values: GlobalValues,
    private readonly env: NodeJS.ProcessEnv = process.env
  ) {
    if (values.profile !== undefined) {
      const dataDir = defaultDataDir(env)
      this.profile = savedProfile(dataDir, values.profile)
      this.profileMirror = profileMirrorFile(dataDir, this.profile.id)
    }
  }

  get json(): boolean {
    return this.values.json === true
  }

  /** The date rules are evaluated against: --today, else today's UTC date. */
  get today(): string {
    return optionalDate('--today', this.values.today) ?? utcDateOf(Date.now())
  }

  get channel(): string | undefined {
    return this.values.channel ?? this.profile?.salesChannel
  }

  baseUrl(): string {
    if (this.values['base-url']) return this.values['base-url']
    if (this.profile?.kind === 'demo') {
      throw new UsageError(
        'the Demo profile lives inside the app; give --base-url of a sandbox instead'
      )
    }
    if (this.profile) return this.profile.baseUrl
    throw new UsageError('give --base-url URL or --profile NAME')
  }

  dbFile(): string {
    const file = this.values.db ?? this.profileMirror
    if (!file) throw new UsageError('give --db FILE or --profile NAME')
    return file
  }

  /** The mirror; commands that only read refuse a file that does not exist yet. */
  async mirror(opts: { create?: boolean } = {}): Promise<Mirror> {
    if (!this.mirrorHandle) {
      const file = this.dbFile()
      if (!opts.create && !existsSync(file)) {
        throw new UsageError(`no mirror at ${file}: run "staydesk sync" first`)
      }
      // A profile's first sync from here makes its mirrors folder as the app would (0700).
      if (file === this.profileMirror) ensurePrivateDir(dirname(file))
      this.mirrorHandle = await openMirror(file)
    }
    return this.mirrorHandle
  }

  client(): ApiClient {
    if (!this.clientHandle) {
      const token = tokenFromEnvironment(this.env, undefined, this.values['token-file'])
      if (!token) throw new UsageError('no token: set STAYDESK_TOKEN or give --token-file FILE')
      this.clientHandle = createApiClient({
        baseUrl: this.baseUrl(),
        token,
        salesChannel: this.channel
      })
    }
    return this.clientHandle
  }

  async close(): Promise<void> {
    await this.clientHandle?.close()
    await this.mirrorHandle?.close()
  }
}

/**
 * The profile `--profile NAME` names (case-insensitive), read from the app's profiles.json
 * without changing it: the app may be running, and the file is its own. A missing file means
 * the app has saved nothing yet; a broken one is left for the app to deal with in front of the
 * user, so the command says so and stops.
 */
function savedProfile(dataDir: string, name: string): Profile {
  const file = join(dataDir, 'profiles.json')
  const read = readProfilesFile(file)
  if (read.state === 'unreadable') {
    throw new AppError(
      'bad-input',
      `The saved profiles in ${file} could not be read (${read.reason}); the command line ` +
        'never changes that file. Give --base-url and --db instead.'
    )
  }
  if (read.state === 'absent') {
    throw new UsageError(
      `--profile: there are no saved profiles (no ${file}), only the Demo profile, which ` +
        'lives inside the app; give --base-url and --db instead'
    )
  }
  const wanted = name.toLowerCase()
  const profile = read.data.profiles.find((p) => p.name.toLowerCase() === wanted)
  if (!profile) {
    const names = read.data.profiles.map((p) => p.name)
    throw new UsageError(`--profile: no profile named "${name}" (have: ${names.join(', ')})`)
  }
  return profile
}
