import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { ApiError, createApiClient, DEFAULT_TIMEOUTS, type ApiClient } from '../api'
import type { ProfileContext, ContextProfile } from '../features/context'
import { ensurePrivateDir } from '../auth/private-files'
import { tokenFromEnvironment } from '../auth/token-store'
import { openMirror, type Mirror } from '../db'
import { AppError } from '../errors'
import { APP_JOURNAL_FILE, journalFileBeside, openJournal, type Journal } from '../journal'
import { profileMirrorFile, readProfilesFile } from '../profiles/profiles-file'
import { defaultDataDir } from '../app-paths'
import { utcDateOf } from '@shared/domain/dates'
import { hubUrlOf, serviceBaseUrlOf } from '@shared/hub/address'
import { UsageError, optionalDate, seconds, type GlobalValues } from './args'
import { cliLog } from './cli-log'
import { debugLog } from './debug'
import { cliRuntime } from './runtime'
import { ServiceWait } from './service-wait'
import type { Profile } from '@shared/profile.schema'

/** How long the command waits for the service's next answer, retries included (--deadline). */
const DEFAULT_DEADLINE_MS = 60_000

/** Who the command line's writes are journaled as when no saved profile is named. */
const COMMAND_LINE_PROFILE = { id: 'command-line', name: 'command line', kind: 'test' }

/**
 * Where a command's data comes from: `--profile NAME` (a profile saved by the app: its base
 * URL, channel and mirror file) or `--base-url` / `--db` given directly. The token never comes
 * from a flag: STAYDESK_TOKEN or --token-file.
 */
export class CliContext {
  private mirrorHandle: Mirror | undefined
  private clientHandle: ApiClient | undefined
  private journalHandle: Journal | undefined
  private waitHandle: ServiceWait | undefined
  private readonly dataDir: string | undefined
  private readonly profile: Profile | undefined
  private readonly profileMirror: string | undefined

  /** --timeout and --deadline in ms, checked before anything is opened. */
  private readonly timeoutMs: number | undefined
  private readonly deadlineMs: number

  constructor(
    readonly values: GlobalValues,
    private readonly env: NodeJS.ProcessEnv = process.env
  ) {
    this.timeoutMs = seconds('--timeout', values.timeout)
    this.deadlineMs = seconds('--deadline', values.deadline) ?? DEFAULT_DEADLINE_MS
    if (values.profile !== undefined) {
      this.dataDir = defaultDataDir(env)
      this.profile = savedProfile(this.dataDir, values.profile)
      this.profileMirror = profileMirrorFile(this.dataDir, this.profile.id)
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
    // A team profile's service is its hub's environment prefix (<hub>/<env>), as in the app.
    if (this.profile) return serviceBaseUrlOf(this.profile)
    throw new UsageError('give --base-url URL or --profile NAME')
  }

  /** The team hub of a --profile connected through one (a --base-url given goes there instead). */
  private hub(): { url: string; env: string } | undefined {
    if (this.values['base-url'] || !this.profile) return undefined
    const url = hubUrlOf(this.profile)
    return url === undefined ? undefined : { url, env: this.profile.kind }
  }

  dbFile(): string {
    const file = this.values.db ?? this.profileMirror
    if (!file) throw new UsageError('give --db FILE or --profile NAME')
    return file
  }

  /** True when a mirror file was named (--db, or a profile's own), so read bookings are kept. */
  get keepsCopies(): boolean {
    return (this.values.db ?? this.profileMirror) !== undefined
  }

  /** The mirror; commands that only read refuse a file that does not exist yet. */
  async mirror(opts: { create?: boolean } = {}): Promise<Mirror> {
    if (!this.mirrorHandle) {
      const file = this.dbFile()
      // A file that is not there is a failure (exit 1), not a mistake in the command line.
      if (!opts.create && !existsSync(file)) {
        throw new AppError('not-found', `no mirror at ${file}: run "staydesk sync" first`)
      }
      // A profile's first sync from here makes its mirrors folder as the app would (0700).
      if (file === this.profileMirror) ensurePrivateDir(dirname(file))
      this.mirrorHandle = await openMirror(file, this.binding())
    }
    return this.mirrorHandle
  }

  /**
   * Where this command line's writes are journaled. With --db, beside that mirror (so a
   * scripted setup keeps its record with its data); with --profile, the app's own journal in
   * its data folder, which holds the writes of every profile, so the app's Journal screen shows
   * what was done from a terminal too.
   */
  journalFile(): string {
    if (this.values.db !== undefined) return journalFileBeside(this.values.db)
    if (this.dataDir !== undefined) return join(this.dataDir, APP_JOURNAL_FILE)
    throw new UsageError(
      "give --db FILE (the journal is kept beside it) or --profile NAME (the app's journal)"
    )
  }

  /**
   * The journal, created if missing. Opening the app's journal while the app runs is safe: the
   * file is in WAL mode with a busy timeout, and SQLite serialises the two writers; each write
   * is a row of its own in an append-only table, so neither can overwrite the other's.
   */
  async journal(): Promise<Journal> {
    this.journalHandle ??= await openJournal(this.journalFile(), this.binding())
    return this.journalHandle
  }

  /** The token, or a usage error: STAYDESK_TOKEN or --token-file, never a flag. */
  private token(): string {
    const token = tokenFromEnvironment(this.env, undefined, this.values['token-file'])
    if (!token) throw new UsageError('no token: set STAYDESK_TOKEN or give --token-file FILE')
    return token
  }

  private binding(): { nativeBinding?: string } {
    const { nativeBinding } = cliRuntime()
    return nativeBinding ? { nativeBinding } : {}
  }

  /**
   * A client whose calls are watched: a line on stderr while the service keeps the command
   * waiting, and reads stopped at --deadline. A base URL the client refuses (plain http to
   * another computer, not a URL) is a mistake in the command line: exit 2.
   */
  private newClient(token: string): ApiClient {
    const baseUrl = this.baseUrl()
    let client: ApiClient
    try {
      client = createApiClient({
        baseUrl,
        token,
        salesChannel: this.channel,
        ...(this.hub() && { via: 'hub' as const, hub: this.hub() }),
        ...(this.timeoutMs !== undefined ? { timeouts: this.requestTimeouts(this.timeoutMs) } : {})
      })
    } catch (err) {
      if (err instanceof ApiError && err.code === 'bad-input') {
        throw new UsageError(`--base-url: ${err.message}`)
      }
      throw err
    }
    this.waitHandle ??= new ServiceWait({
      service: originOf(baseUrl),
      deadlineMs: this.deadlineMs,
      progress: { write: (text) => process.stderr.write(text), tty: process.stderr.isTTY === true }
    })
    return this.waitHandle.watch(client)
  }

  /**
   * --timeout is how long one request may wait to be answered (connecting, then the headers);
   * a large body may take longer to arrive than that, so its own limit is never shortened.
   */
  private requestTimeouts(ms: number) {
    return { connectMs: ms, headersMs: ms, bodyMs: Math.max(ms, DEFAULT_TIMEOUTS.bodyMs) }
  }

  client(): ApiClient {
    this.clientHandle ??= this.newClient(this.token())
    return this.clientHandle
  }

  /**
   * The profile the features' operations act for: the saved profile (--profile), or the command
   * line itself, a test profile named by the service's origin. A --base-url given with
   * --profile is where the request goes, so it is what the journal records.
   */
  contextProfile(): ContextProfile {
    const url = this.baseUrl()
    const salesChannel = this.channel
    if (!salesChannel) {
      throw new UsageError('give --channel CODE (the sales channel the booking was made through)')
    }
    const baseUrl = this.values['base-url'] ? originOf(url) : url
    if (!this.profile) return { ...COMMAND_LINE_PROFILE, baseUrl, salesChannel }
    const { id, name, kind, salesBrand } = this.profile
    const hub = this.hub()
    return {
      id,
      name,
      kind,
      baseUrl,
      salesChannel,
      ...(salesBrand ? { salesBrand } : {}),
      ...(hub && { hubUrl: hub.url })
    }
  }

  /**
   * The profile's context (features/context.ts) for this command line, so a booking read or
   * cancelled here is kept, journaled and read back as the app does it. The token, service and
   * channel are checked now, before anything is journaled: a write recorded as sent must then be
   * sent. `journal` opens the journal (writes only; a read creates no journal file). Without
   * --db or --profile, bookings are kept in a mirror in memory that ends with the command.
   */
  async profileContext(opts: { journal?: boolean } = {}): Promise<ProfileContext> {
    const profile = this.contextProfile()
    const token = this.token()
    const journal = opts.journal ? await this.journal() : undefined
    return {
      profile: () => profile,
      get journal(): Journal {
        if (!journal) throw new AppError('internal', 'This command opened no audit journal.')
        return journal
      },
      client: () => this.newClient(token),
      mirror: () => this.bookingsMirror(),
      now: () => Date.now(),
      today: () => this.today,
      changed: () => undefined,
      journalChanged: () => undefined,
      // Write lines (action, target, outcome) go to cli.N.log, as the app's go to main.N.log.
      log: (message, err) => {
        cliLog()?.report(message, err)
        debugLog(this.env, message, err)
      }
    }
  }

  private async bookingsMirror(): Promise<Mirror> {
    if (this.keepsCopies) return this.mirror({ create: true })
    this.mirrorHandle ??= await openMirror(':memory:', this.binding())
    return this.mirrorHandle
  }

  async close(): Promise<void> {
    this.waitHandle?.stop()
    await this.clientHandle?.close()
    await this.mirrorHandle?.close()
    this.journalHandle?.close()
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    throw new UsageError(`--base-url: "${url}" is not a URL such as https://host`)
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
