import { randomUUID } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { AppErrorCode } from '@shared/errors'
import type { HubWhoami } from '@shared/hub/answers'
import { hubUrlOf, serviceBaseUrlOf } from '@shared/hub/address'
import {
  ProfileInput,
  type Profile,
  type ProfileView,
  type TokenStatus
} from '@shared/profile.schema'
import { ensurePrivateDir } from '../auth/private-files'
import { AppError } from '../errors'
import { keptFileBeside } from '../kept'
import type { SetTokenOptions, TokenStore } from '../auth/token-store'
import {
  loadProfilesFile,
  profileMirrorFile,
  saveProfilesFile,
  type ProfilesFile,
  type ProfilesFileIssue
} from './profiles-file'

/** The embedded sandbox's caller (src-main/sandbox defaults): public, not a secret. */
export const DEMO_PROFILE_ID = 'demo'
const DEMO_TOKEN = 'demo-token'
const DEMO_CHANNEL = 'DEMO'
/** Stored for the demo only to keep the file valid; reads substitute the live sandbox URL. */
const DEMO_URL_PLACEHOLDER = 'http://127.0.0.1'

/** A refused profile operation, with the code the IPC layer sends to the renderer. */
export class ProfileStoreError extends AppError {
  constructor(
    code: Extract<AppErrorCode, 'bad-input' | 'not-found' | 'conflict'>,
    message: string,
    field?: keyof ProfileInput
  ) {
    super(code, message, field === undefined ? {} : { field })
    this.name = 'ProfileStoreError'
  }
}

export interface ProfileStoreOptions {
  /** The embedded sandbox's current URL; it listens on a new loopback port each run. */
  demoBaseUrl: () => string
  tokens: TokenStore
  /** Defaults to the sandbox's built-in caller token. */
  demoToken?: string
  now?: () => Date
  newId?: () => string
}

export interface ProfileStore {
  list(): ProfileView[]
  get(id: string): ProfileView | undefined
  active(): ProfileView
  setActive(id: string): ProfileView
  /**
   * Validates with ProfileInput (throws its ZodError); never makes the new profile active. With
   * a token, all or nothing: a token that can't be stored (a refused format, a failing OS key
   * store) leaves no profile behind, and a profile that can't be saved leaves no token.
   */
  create(input: ProfileInput, token?: { token: string } & SetTokenOptions): ProfileView
  update(id: string, input: ProfileInput): ProfileView
  /**
   * Deletes the profile, its token and its mirror files; the caller closes the profile's
   * database first. Returns mirror files that could not be deleted (e.g. still open on Windows).
   */
  remove(id: string): { leftoverFiles: string[] }
  /** `<dataDir>/mirrors/<id>.sqlite`; creates the 0700 mirrors directory. */
  mirrorPath(id: string): string
  /** Creates the Demo profile if it is missing (idempotent; also run on construction). */
  ensureDemo(): ProfileView
  /** The token to send to this profile's origin, if one is usable. */
  token(id: string): string | undefined
  tokenStatus(id: string): TokenStatus
  setToken(id: string, token: string, opts?: SetTokenOptions): TokenStatus
  clearToken(id: string): void
  /**
   * Who the team hub said a hub profile's token belongs to (whoami), kept in memory for the
   * window to grey out what the role may not do; undefined forgets it (a new or cleared token).
   */
  noteHubIdentity(id: string, who: HubWhoami | undefined): void
  /** Set when profiles.json was unreadable at start-up and was moved aside. */
  startupIssue(): ProfilesFileIssue | undefined
}

/**
 * Profiles in `<dataDir>/profiles.json` (atomic replace on every change), each with its own
 * mirror database so data of two services or channels never mixes. Decisions:
 * - The Demo profile (id `demo`) always exists and is managed by the app: it can't be created,
 *   edited or deleted by the user, so the last profile can never be removed either.
 * - Its token is the sandbox's public caller token, served from here and never written to the
 *   token store, so it works even where only session-only storage exists.
 * - A profile's origin and sales channel can't change after creation: the mirror holds that
 *   service's and channel's data, and the saved token belongs to that origin. Pointing at
 *   another service means a new profile, with its own mirror and token.
 */
export function createProfileStore(dataDir: string, opts: ProfileStoreOptions): ProfileStore {
  const now = opts.now ?? (() => new Date())
  const newId = opts.newId ?? randomUUID
  const demoToken = opts.demoToken ?? DEMO_TOKEN
  const file = join(dataDir, 'profiles.json')
  const mirrorsDir = join(dataDir, 'mirrors')

  // dataDir is usually Electron's userData, shared with Chromium: create it, but leave its
  // permissions to Chromium; profiles.json itself is written 0600.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const loaded = loadProfilesFile(file, now())
  let issue: ProfilesFileIssue | undefined
  let data: ProfilesFile
  if (loaded.state === 'ok') {
    data = loaded.data
  } else {
    if (loaded.state === 'recovered') issue = loaded.issue
    data = { version: 1, activeId: DEMO_PROFILE_ID, profiles: [] }
  }

  const save = (): void => saveProfilesFile(file, data)
  const find = (id: string): Profile | undefined => data.profiles.find((p) => p.id === id)
  const existing = (id: string): Profile => {
    const profile = find(id)
    if (!profile) throw new ProfileStoreError('not-found', 'This profile no longer exists')
    return profile
  }
  const refuseDemo = (profile: Profile, what: string): void => {
    if (profile.kind === 'demo') {
      throw new ProfileStoreError('bad-input', `The Demo profile is managed by StayDesk: ${what}`)
    }
  }

  const tokenStatus = (id: string): TokenStatus => {
    if (existing(id).kind === 'demo') {
      // No last4: the demo's public token ends in "oken", which tells nobody anything.
      return {
        state: 'set',
        storage: 'none',
        explanation: 'Uses the built-in token of the demo service; nothing is stored.'
      }
    }
    return opts.tokens.status(id)
  }

  // Asked of the hub at each start: a role can change at the hub between two runs.
  const hubIdentities = new Map<string, HubWhoami>()

  const view = (profile: Profile): ProfileView => {
    const hubUrl = hubUrlOf(profile)
    const who = hubUrl === undefined ? undefined : hubIdentities.get(profile.id)
    return {
      ...profile,
      baseUrl: profile.kind === 'demo' ? opts.demoBaseUrl() : serviceBaseUrlOf(profile),
      active: profile.id === data.activeId,
      token: tokenStatus(profile.id),
      ...(hubUrl === undefined ? {} : { hubUrl }),
      ...(who ? { hubUser: who.user, hubRole: who.role } : {})
    }
  }

  const parseUserInput = (input: ProfileInput, exceptId?: string) => {
    const parsed = ProfileInput.parse(input)
    if (parsed.kind === 'demo') {
      throw new ProfileStoreError(
        'bad-input',
        'Kind: only StayDesk creates the demo profile',
        'kind'
      )
    }
    const clash = data.profiles.find(
      (p) => p.id !== exceptId && p.name.toLowerCase() === parsed.name.toLowerCase()
    )
    if (clash) {
      throw new ProfileStoreError('conflict', `Name: "${clash.name}" is already used`, 'name')
    }
    return parsed
  }

  const ensureDemo = (): ProfileView => {
    let demo = find(DEMO_PROFILE_ID)
    if (!demo) {
      const at = now().toISOString()
      demo = {
        id: DEMO_PROFILE_ID,
        name: 'Demo',
        kind: 'demo',
        connection: 'service',
        baseUrl: DEMO_URL_PLACEHOLDER,
        salesChannel: DEMO_CHANNEL,
        salesBrand: undefined,
        createdAt: at,
        updatedAt: at
      }
      data.profiles.unshift(demo)
      if (!find(data.activeId)) data.activeId = DEMO_PROFILE_ID
      save()
    }
    return view(demo)
  }

  ensureDemo()
  if (!find(data.activeId)) {
    data.activeId = DEMO_PROFILE_ID
    save()
  }

  return {
    list: () => data.profiles.map(view),
    get: (id) => {
      const profile = find(id)
      return profile && view(profile)
    },
    active: () => view(existing(data.activeId)),
    setActive: (id) => {
      const profile = existing(id)
      data.activeId = id
      save()
      return view(profile)
    },
    create: (input, token) => {
      const parsed = parseUserInput(input)
      const at = now().toISOString()
      const profile: Profile = { ...parsed, id: newId(), createdAt: at, updatedAt: at }
      if (token) {
        const { token: text, ...tokenOpts } = token
        opts.tokens.set(profile.id, text, tokenOpts)
      }
      try {
        data.profiles.push(profile)
        save()
      } catch (err) {
        data.profiles = data.profiles.filter((p) => p.id !== profile.id)
        if (token) opts.tokens.clear(profile.id)
        throw err
      }
      return view(profile)
    },
    update: (id, input) => {
      const current = existing(id)
      refuseDemo(current, 'it cannot be edited')
      const parsed = parseUserInput(input, id)
      if ((parsed.connection ?? 'service') !== (current.connection ?? 'service')) {
        throw new ProfileStoreError(
          'conflict',
          'Connection: a profile cannot move between the service and a team hub; their tokens ' +
            'differ, so make a new profile',
          'connection'
        )
      }
      if (new URL(parsed.baseUrl).origin !== new URL(current.baseUrl).origin) {
        throw new ProfileStoreError(
          'conflict',
          'Base URL: another server needs a new profile, so its token and data stay separate',
          'baseUrl'
        )
      }
      if (parsed.salesChannel !== current.salesChannel) {
        throw new ProfileStoreError(
          'conflict',
          'Sales channel: another channel needs a new profile, so its data stays separate',
          'salesChannel'
        )
      }
      const next: Profile = { ...current, ...parsed, updatedAt: now().toISOString() }
      data.profiles = data.profiles.map((p) => (p.id === id ? next : p))
      save()
      return view(next)
    },
    remove: (id) => {
      refuseDemo(existing(id), 'it cannot be deleted')
      data.profiles = data.profiles.filter((p) => p.id !== id)
      if (data.activeId === id) data.activeId = DEMO_PROFILE_ID
      save()
      opts.tokens.clear(id)
      const leftoverFiles: string[] = []
      const db = profileMirrorFile(dataDir, id)
      // The kept store beside it (references and bookings the agent kept) goes with the profile.
      const kept = keptFileBeside(db)
      const files = [db, kept].flatMap((f) => [f, `${f}-wal`, `${f}-shm`, `${f}-journal`])
      for (const path of files) {
        try {
          rmSync(path, { force: true })
        } catch {
          leftoverFiles.push(path)
        }
      }
      return { leftoverFiles }
    },
    mirrorPath: (id) => {
      // Ids are app-generated (UUIDs or 'demo'), so the file name can't escape the directory.
      existing(id)
      ensurePrivateDir(mirrorsDir)
      return profileMirrorFile(dataDir, id)
    },
    ensureDemo,
    token: (id) => (existing(id).kind === 'demo' ? demoToken : opts.tokens.get(id)),
    tokenStatus,
    setToken: (id, token, tokenOpts) => {
      refuseDemo(existing(id), 'its token is built in')
      hubIdentities.delete(id)
      return opts.tokens.set(id, token, tokenOpts)
    },
    clearToken: (id) => {
      refuseDemo(existing(id), 'its token is built in')
      hubIdentities.delete(id)
      opts.tokens.clear(id)
    },
    noteHubIdentity: (id, who) => {
      if (who === undefined || hubUrlOf(existing(id)) === undefined) hubIdentities.delete(id)
      else hubIdentities.set(id, who)
    },
    startupIssue: () => issue
  }
}
