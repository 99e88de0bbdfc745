import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ZodError } from 'zod'
import { createMemoryTokenStore, type TokenStore } from '../../../src-main/auth/token-store'
import { AppError } from '../../../src-main/errors'
import { keptFileBeside } from '../../../src-main/kept'
import {
  createProfileStore,
  ProfileStoreError,
  type ProfileStore
} from '../../../src-main/profiles/profile-store'

let dataDir: string
let tokens: TokenStore
let sandboxUrl: string

const production = {
  name: 'Production',
  kind: 'production',
  baseUrl: 'https://api.example.com/v1',
  salesChannel: 'ABCD'
} as const
const test = {
  ...production,
  name: 'Test',
  kind: 'test',
  baseUrl: 'https://test.example.com'
} as const

function open(): ProfileStore {
  return createProfileStore(dataDir, { demoBaseUrl: () => sandboxUrl, tokens })
}

function refusal(fn: () => unknown): ProfileStoreError {
  try {
    fn()
  } catch (err) {
    if (err instanceof ProfileStoreError) return err
    throw err
  }
  throw new Error('expected a ProfileStoreError')
}

beforeEach(() => {
  dataDir = join(mkdtempSync(join(tmpdir(), 'staydesk-profiles-')), 'userData')
  tokens = createMemoryTokenStore()
  sandboxUrl = 'http://127.0.0.1:40123'
})
afterEach(() => rmSync(dirname(dataDir), { recursive: true, force: true }))

describe('first start', () => {
  it('creates an active Demo profile pointing at the embedded sandbox', () => {
    const store = open()
    expect(store.list()).toHaveLength(1)
    expect(store.active()).toMatchObject({
      id: 'demo',
      name: 'Demo',
      kind: 'demo',
      baseUrl: 'http://127.0.0.1:40123',
      salesChannel: 'DEMO',
      active: true,
      token: { state: 'set', storage: 'none' }
    })
    expect(store.token('demo')).toBe('demo-token')
    // The public demo token's tail ("…oken") would only look like a broken token.
    expect(store.active().token).not.toHaveProperty('last4')
    expect(statSync(join(dataDir, 'profiles.json')).mode & 0o777).toBe(0o600)
    expect(store.startupIssue()).toBeUndefined()
  })

  it('does not create a second Demo on the next start, and follows the sandbox to its new port', () => {
    open()
    sandboxUrl = 'http://127.0.0.1:50999'
    const store = open()
    expect(store.list().map((p) => p.kind)).toEqual(['demo'])
    expect(store.active().baseUrl).toBe('http://127.0.0.1:50999')
  })
})

describe('creating and editing profiles', () => {
  it('validates input with field-named messages and leaves the active profile alone', () => {
    const store = open()
    expect(() => store.create({ ...production, baseUrl: 'http://api.example.com' })).toThrow(
      ZodError
    )
    expect(() => store.create({ ...production, salesChannel: 'ABC' })).toThrow(
      /Sales channel must be exactly 4 characters/
    )
    const created = store.create(production)
    expect(created).toMatchObject({ ...production, active: false, token: { state: 'missing' } })
    expect(store.active().id).toBe('demo')
    expect(open().get(created.id)).toMatchObject(production)
  })

  it('refuses a second demo and duplicate names', () => {
    const store = open()
    expect(refusal(() => store.create({ ...production, kind: 'demo' })).code).toBe('bad-input')
    store.create(production)
    expect(refusal(() => store.create({ ...test, name: 'production' })).code).toBe('conflict')
  })

  it('edits name, kind, brand and path, but not the origin or the sales channel', () => {
    const store = open()
    const { id } = store.create(production)
    const edited = store.update(id, {
      ...production,
      name: 'Live',
      baseUrl: 'https://api.example.com/v2',
      salesBrand: 'Sunny'
    })
    expect(edited).toMatchObject({ name: 'Live', baseUrl: 'https://api.example.com/v2' })
    expect(edited.salesBrand).toBe('Sunny')

    const moved = refusal(() => store.update(id, { ...production, baseUrl: 'https://evil.test' }))
    expect(moved.code).toBe('conflict')
    expect(moved.message).toMatch(/^Base URL: another server needs a new profile/)
    expect(refusal(() => store.update(id, { ...production, salesChannel: 'WXYZ' })).code).toBe(
      'conflict'
    )
    expect(store.get(id)?.baseUrl).toBe('https://api.example.com/v2')
  })

  it('does not let the user edit the Demo profile or set its token', () => {
    const store = open()
    expect(refusal(() => store.update('demo', { ...production, kind: 'test' })).code).toBe(
      'bad-input'
    )
    expect(refusal(() => store.setToken('demo', 'x')).message).toMatch(/Demo profile/)
  })
})

describe('creating a profile with its token is all or nothing', () => {
  it('a key store that fails leaves no profile behind, and the name stays free', () => {
    const failing: TokenStore = {
      ...tokens,
      set: () => {
        throw new AppError(
          'internal',
          'The gnome_libsecret key store of this computer is not working.'
        )
      }
    }
    const store = createProfileStore(dataDir, { demoBaseUrl: () => sandboxUrl, tokens: failing })
    expect(() => store.create(test, { token: 'abcdefgh-1234' })).toThrow(/key store/)
    expect(store.list().map((p) => p.name)).toEqual(['Demo'])
    expect(
      open()
        .list()
        .map((p) => p.name)
    ).toEqual(['Demo'])
    // Trying again after the key store is back is not refused as "name already used".
    const created = open().create(test, { token: 'abcdefgh-1234' })
    expect(created.name).toBe('Test')
    expect(tokens.get(created.id)).toBe('abcdefgh-1234')
  })

  it('a profile that cannot be saved leaves no token behind', () => {
    const setFor: string[] = []
    const recording: TokenStore = {
      ...tokens,
      set: (id, token, opts) => {
        setFor.push(id)
        return tokens.set(id, token, opts)
      }
    }
    const store = createProfileStore(dataDir, { demoBaseUrl: () => sandboxUrl, tokens: recording })
    const file = join(dataDir, 'profiles.json')
    // profiles.json replaced by a directory: the atomic rename onto it fails.
    rmSync(file)
    mkdirSync(file)
    expect(() => store.create(test, { token: 'abcdefgh-5678' })).toThrow()
    expect(store.list().map((p) => p.name)).toEqual(['Demo'])
    expect(setFor).toHaveLength(1)
    expect(tokens.get(setFor[0])).toBeUndefined()
  })
})

describe('per-profile data', () => {
  it('gives every profile its own mirror database under dataDir/mirrors', () => {
    const store = open()
    const a = store.create(production)
    const b = store.create(test)
    const paths = ['demo', a.id, b.id].map((id) => store.mirrorPath(id))
    expect(new Set(paths).size).toBe(3)
    for (const path of paths) expect(dirname(path)).toBe(join(dataDir, 'mirrors'))
    expect(paths[1]).toBe(join(dataDir, 'mirrors', `${a.id}.sqlite`))
    expect(statSync(join(dataDir, 'mirrors')).mode & 0o777).toBe(0o700)
    expect(refusal(() => store.mirrorPath('nope')).code).toBe('not-found')
  })

  it('keeps each profile token separate and shows only its last 4', () => {
    const store = open()
    const a = store.create(production)
    const b = store.create(test)
    store.setToken(a.id, 'prod-secret-1111')
    store.setToken(b.id, 'test-secret-2222')
    expect(store.token(a.id)).toBe('prod-secret-1111')
    expect(store.token(b.id)).toBe('test-secret-2222')
    const listed = JSON.stringify(store.list())
    expect(listed).not.toContain('prod-secret')
    expect(listed).not.toContain('test-secret')
    expect(store.get(a.id)?.token.last4).toBe('1111')
  })
})

describe('active profile', () => {
  it('is persisted across restarts', () => {
    const store = open()
    const { id } = store.create(production)
    expect(store.setActive(id).active).toBe(true)
    expect(open().active().id).toBe(id)
    expect(refusal(() => store.setActive('missing')).code).toBe('not-found')
  })
})

describe('removal', () => {
  it('refuses to delete the Demo profile, so there is always one left', () => {
    const store = open()
    expect(refusal(() => store.remove('demo')).message).toMatch(/cannot be deleted/)
    expect(refusal(() => store.remove('ghost')).code).toBe('not-found')
  })

  it('deletes the profile, its token, its mirror files and its kept store; the active one falls back to Demo', () => {
    const store = open()
    const keep = store.create(test)
    const gone = store.create(production)
    store.setToken(gone.id, 'secret-to-forget')
    store.setToken(keep.id, 'secret-to-keep')
    store.setActive(gone.id)
    const db = store.mirrorPath(gone.id)
    for (const suffix of ['', '-wal', '-shm']) writeFileSync(`${db}${suffix}`, 'x')
    for (const suffix of ['', '-wal']) writeFileSync(`${keptFileBeside(db)}${suffix}`, 'x')
    writeFileSync(store.mirrorPath(keep.id), 'kept')

    expect(store.remove(gone.id)).toEqual({ leftoverFiles: [] })
    expect(store.get(gone.id)).toBeUndefined()
    expect(tokens.get(gone.id)).toBeUndefined()
    expect(store.token(keep.id)).toBe('secret-to-keep')
    expect(readdirSync(join(dataDir, 'mirrors'))).toEqual([`${keep.id}.sqlite`])
    expect(open().active().id).toBe('demo')
  })
})

describe('profiles.json on disk', () => {
  it('moves a corrupt file aside, reports it, and starts with the Demo profile', () => {
    mkdirSync(dataDir, { recursive: true })
    const file = join(dataDir, 'profiles.json')
    writeFileSync(file, '{"version":1,"profiles":[{"na')
    const store = open()
    const issue = store.startupIssue()
    expect(issue).toMatchObject({ kind: 'corrupt-file', reason: 'not valid JSON' })
    expect(readFileSync(issue!.movedTo, 'utf8')).toBe('{"version":1,"profiles":[{"na')
    expect(store.list().map((p) => p.id)).toEqual(['demo'])
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles).toHaveLength(1)
  })

  it('treats a well-formed file with an invalid profile as corrupt, naming the field', () => {
    const store = open()
    store.create(production)
    const file = join(dataDir, 'profiles.json')
    const data = JSON.parse(readFileSync(file, 'utf8'))
    data.profiles[1].baseUrl = 'http://evil.test'
    writeFileSync(file, JSON.stringify(data))
    const reopened = open()
    expect(reopened.startupIssue()?.reason).toMatch(
      /^invalid profiles\.1\.baseUrl: Base URL must use https/
    )
    expect(reopened.list()).toHaveLength(1)
  })

  it('falls back to Demo when the active id points nowhere', () => {
    open()
    const file = join(dataDir, 'profiles.json')
    const data = JSON.parse(readFileSync(file, 'utf8'))
    data.activeId = 'deleted-elsewhere'
    writeFileSync(file, JSON.stringify(data))
    expect(open().active().id).toBe('demo')
  })

  it('is replaced atomically, leaving no temp files', () => {
    const store = open()
    for (let i = 0; i < 5; i++) store.create({ ...production, name: `P${i}` })
    expect(readdirSync(dataDir).sort()).toEqual(['profiles.json'])
    expect(existsSync(join(dataDir, 'profiles.json'))).toBe(true)
    expect(JSON.parse(readFileSync(join(dataDir, 'profiles.json'), 'utf8')).profiles).toHaveLength(
      6
    )
  })
})
