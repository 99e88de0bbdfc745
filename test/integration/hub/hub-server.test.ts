import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HubDb } from '../../../src-hub/db/connect'
import { createHubLog } from '../../../src-hub/log'
import { createHubApp, requireRole, serveHub } from '../../../src-hub/server'
import {
  Authenticator,
  createToken,
  REMEMBER_MS,
  revokeToken,
  verifySecret
} from '../../../src-hub/tokens'
import { addUser, disableUser } from '../../../src-hub/users'
import { HUB_DATABASES, openMigrated, useHubPlaces, type HubPlace } from './fixture'

const places = useHubPlaces()

describe.each(HUB_DATABASES)('the hub over HTTP (%s)', (kind) => {
  let hub: HubDb
  let place: HubPlace
  let base: string
  let close: () => Promise<void>
  const lines: string[] = []
  const tokens: Record<string, string> = {}

  beforeAll(async () => {
    place = await places.place(kind)
    hub = await openMigrated(place)
    for (const [name, role] of [
      ['vera', 'viewer'],
      ['aldo', 'agent'],
      ['rita', 'viewer'],
      ['dino', 'agent']
    ] as const) {
      await addUser(hub.db, name, role)
      tokens[name] = (await createToken(hub.db, name)).token
    }
    const log = createHubLog({ destination: { write: (line) => lines.push(line) } })
    const app = createHubApp({ db: hub.db, kind: hub.kind, log })
    // A route guarded as part 2's writes will be, to hold the role check to its answer.
    app.post('/hub/v1/probe-cancel', requireRole('bookings:cancel'), (c) => c.json({ sent: true }))
    const served = await serveHub(app, { port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${served.port}`
    close = served.close
  })
  afterAll(async () => {
    await close?.()
    await hub?.close()
  })

  const get = async (path: string, token?: string, method = 'GET') => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` }
    })
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      body: (await res.json()) as Record<string, unknown>
    }
  }

  it('answers the health check without a token, naming its database', async () => {
    expect(await get('/hub/v1/health')).toMatchObject({
      status: 200,
      body: { ok: true, database: kind }
    })
  })

  it('tells a token holder who they are', async () => {
    expect(await get('/hub/v1/whoami', tokens.vera)).toMatchObject({
      status: 200,
      body: { user: 'vera', role: 'viewer' }
    })
    expect((await get('/hub/v1/whoami', tokens.aldo)).body).toEqual({ user: 'aldo', role: 'agent' })
  })

  it('answers 401 with a JSON sentence without a token, with an unknown one or a malformed one', async () => {
    const none = await get('/hub/v1/whoami')
    expect(none).toMatchObject({ status: 401, type: expect.stringMatching(/^application\/json/) })
    expect(none.body.message).toMatch(/needs a personal hub token/)
    const unknown = await get('/hub/v1/whoami', `sdh_77_${'a'.repeat(43)}`)
    expect(unknown).toMatchObject({
      status: 401,
      body: { message: expect.stringMatching(/not known/) }
    })
    const foreign = await get('/hub/v1/whoami', 'demo-token')
    expect(foreign).toMatchObject({
      status: 401,
      body: { message: expect.stringMatching(/not a hub token/) }
    })
  })

  it('answers 403 naming the role needed and the caller’s, and lets a strong enough role through', async () => {
    expect(await get('/hub/v1/probe-cancel', tokens.vera, 'POST')).toEqual({
      status: 403,
      type: expect.stringMatching(/^application\/json/),
      body: { message: 'bookings:cancel needs the agent role; vera is a viewer' }
    })
    expect(await get('/hub/v1/probe-cancel', tokens.aldo, 'POST')).toMatchObject({
      status: 200,
      body: { sent: true }
    })
  })

  it('stops a revoked token and a disabled user’s tokens at their next request', async () => {
    expect((await get('/hub/v1/whoami', tokens.rita)).status).toBe(200)
    await revokeToken(hub.db, Number(tokens.rita.split('_')[1]))
    expect(await get('/hub/v1/whoami', tokens.rita)).toMatchObject({
      status: 401,
      body: { message: expect.stringMatching(/was revoked on/) }
    })
    expect((await get('/hub/v1/whoami', tokens.dino)).status).toBe(200)
    await disableUser(hub.db, 'dino')
    expect(await get('/hub/v1/whoami', tokens.dino)).toMatchObject({
      status: 401,
      body: { message: expect.stringMatching(/^dino's access to this hub was disabled on/) }
    })
  })

  /** An authenticator whose scrypt checks are counted, on a clock the test moves. */
  const counted = () => {
    const checks: string[] = []
    const clock = { now: 0 }
    const auth = new Authenticator(hub.db, {
      now: () => clock.now,
      verify: (secret, stored) => {
        checks.push(stored)
        return verifySecret(secret, stored)
      }
    })
    return { auth, checks, clock }
  }

  it('checks a desk’s first requests at once with one scrypt check, a wrong secret with its own', async () => {
    const { auth, checks } = counted()
    const { token } = await createToken(hub.db, 'vera', 'morning')
    const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')
    // A desk's sync asks its three resources at once, then reads a booking.
    const answers = await Promise.all([token, token, wrong, token].map((t) => auth.authenticate(t)))
    expect(answers.map((a) => a.ok)).toEqual([true, true, false, true])
    expect(answers[2]).toMatchObject({ message: expect.stringMatching(/not known/) })
    expect(checks).toHaveLength(2)
    expect((await auth.authenticate(token)).ok).toBe(true)
    expect(checks).toHaveLength(2)
  })

  it('checks a remembered secret again after a while, and refuses it at once when revoked by another connection', async () => {
    const { auth, checks, clock } = counted()
    const { id, token } = await createToken(hub.db, 'aldo', 'kept')
    expect((await auth.authenticate(token)).ok).toBe(true)
    clock.now = REMEMBER_MS - 1
    expect((await auth.authenticate(token)).ok).toBe(true)
    expect(checks).toHaveLength(1)
    clock.now = REMEMBER_MS + 1
    expect((await auth.authenticate(token)).ok).toBe(true)
    expect(checks).toHaveLength(2)

    // `tokens revoke` beside a running hub: on a server, its own connection (the embedded
    // database admits one process, so there the hub's own).
    const other = kind === 'postgres' ? await place.open() : hub
    try {
      await revokeToken(other.db, id)
    } finally {
      if (other !== hub) await other.close()
    }
    expect(await auth.authenticate(token)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/was revoked on/)
    })
  })

  it('answers an unknown path with 404 JSON, and never logs a token or an Authorization header', async () => {
    expect(await get('/hub/v1/nothing', tokens.aldo)).toMatchObject({
      status: 404,
      body: { message: 'No such hub endpoint: GET /hub/v1/nothing' }
    })
    // A careless line in a later part: the whole header, the token in a message.
    const log = createHubLog({ destination: { write: (line) => lines.push(line) } })
    log.info({ headers: { authorization: `Bearer ${tokens.aldo}` } }, `token ${tokens.vera}`)
    log.warn({ detail: `sent ${tokens.rita} as Bearer` }, 'oops')
    const text = lines.join('')
    expect(text).toMatch(/"path":"\/hub\/v1\/whoami","status":200/)
    expect(text).toMatch(/"user":"aldo"/)
    for (const token of Object.values(tokens)) {
      expect(text).not.toContain(token)
      expect(text).not.toContain(token.split('_').slice(2).join('_'))
    }
  })
})
