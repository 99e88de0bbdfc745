import { existsSync } from 'node:fs'
import { createApiClient, type ApiClient } from '../api'
import { createMemoryTokenStore, tokenFromEnvironment } from '../auth/token-store'
import { openMirror, type Mirror } from '../db'
import { createProfileStore } from '../profiles/profile-store'
import { defaultDataDir } from '../app-paths'
import { utcDateOf } from '@shared/domain/dates'
import { UsageError, optionalDate, type GlobalValues } from './args'
import type { ProfileView } from '@shared/profile.schema'

/**
 * Where a command's data comes from: `--profile NAME` (a profile saved by the app: its base
 * URL, channel and mirror file) or `--base-url` / `--db` given directly. The token never comes
 * from a flag: STAYDESK_TOKEN or --token-file.
 */
export class CliContext {
  private mirrorHandle: Mirror | undefined
  private clientHandle: ApiClient | undefined
  private readonly profile: ProfileView | undefined

  constructor(
    readonly values: GlobalValues,
    private readonly env: NodeJS.ProcessEnv = process.env
  ) {
    if (values.profile !== undefined) {
      const store = createProfileStore(defaultDataDir(env), {
        demoBaseUrl: () => 'http://127.0.0.1:1',
        tokens: createMemoryTokenStore()
      })
      const wanted = values.profile.toLowerCase()
      const profile = store.list().find((p) => p.name.toLowerCase() === wanted)
      if (!profile) {
        const names = store.list().map((p) => p.name)
        throw new UsageError(
          `--profile: no profile named "${values.profile}" (have: ${names.join(', ')})`
        )
      }
      this.profile = profile
      this.profileMirror = store.mirrorPath(profile.id)
    }
  }

  private profileMirror: string | undefined

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
