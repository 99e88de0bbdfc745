import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '@shared/domain/dates'
import { openDesk, type Desk, type Front } from './desk-fixture'

/**
 * Issue 20, "Writes whose outcome is not known", main's rules over real HTTP: a gateway in front
 * of the sandbox lets the service apply a write and then answers 503 (the sandbox's own faults
 * answer a 5xx before the store, or drop the socket), or holds a write on its way.
 */

type Mode = 'pass' | 'commit-then-503' | 'hold'

interface Gateway extends Front {
  mode: Mode
  /** Lets the writes held in 'hold' mode go on to the service. */
  release(): void
}

/** Forwards everything to `target`; POSTs to /v1/booking… as `mode` says. */
async function gateway(target: string): Promise<Gateway> {
  const upstream = new URL(target)
  let release = () => undefined as void
  let held = new Promise<void>((resolve) => (release = resolve))
  const forward = (req: IncomingMessage, body: Buffer, done: (answer: Answer) => void) => {
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host }
      },
      (answer) => {
        const chunks: Buffer[] = []
        answer.on('data', (c: Buffer) => chunks.push(c))
        answer.on('end', () =>
          done({
            status: answer.statusCode ?? 502,
            headers: answer.headers,
            body: Buffer.concat(chunks)
          })
        )
      }
    )
    out.end(body)
  }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const write = req.method === 'POST' && /^\/v1\/booking/.test(req.url ?? '')
      if (write && g.mode === 'hold') await held
      forward(req, Buffer.concat(chunks), (answer) => {
        if (write && g.mode === 'commit-then-503') {
          // The service has applied the write; the gateway's answer says it failed.
          res.writeHead(503, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ message: 'Service Unavailable' }))
          return
        }
        res.writeHead(answer.status, answer.headers)
        res.end(answer.body)
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const g: Gateway = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mode: 'pass',
    release: () => {
      release()
      held = new Promise<void>((resolve) => (release = resolve))
    },
    close: () =>
      new Promise<void>((resolve) => {
        release()
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
  return g
}

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

const GUEST = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }

describe('writes whose outcome is not known', () => {
  let desk: Desk
  let gate: Gateway
  const used = new Set<number>()

  beforeAll(async () => {
    desk = await openDesk({
      front: async (url) => {
        gate = await gateway(url)
        return gate
      }
    })
  })
  afterAll(async () => desk?.close())

  /** A bookable stay on a listing no other test used. */
  function stay() {
    const today = new Date().toISOString().slice(0, 10)
    for (let d = 40; d < 300; d += 3) {
      const from = addDays(today, d)
      const to = addDays(from, 4)
      for (const id of desk.sandbox.store.listingIds()) {
        if (used.has(id) || desk.sandbox.store.listing(id)?.bookingType === 'onRequest') continue
        const answer = desk.sandbox.store.quote({ listingId: id, from, to, adults: 2 })
        if (!('reasons' in answer)) {
          used.add(id)
          return { listingId: id, from, to, adults: 2 }
        }
      }
    }
    throw new Error('no bookable stay')
  }

  /** How many bookings the sandbox holds under an own reference (0 or 1: it refuses reuse). */
  const madeWith = (ref: string) => {
    try {
      desk.sandbox.store.readBooking(ref, 'DEMO')
      return 1
    } catch {
      return 0
    }
  }

  it('a 503 after the service made the booking is an unknown outcome that says to check, 5 of 5', async () => {
    gate.mode = 'commit-then-503'
    const outcomes = []
    try {
      for (let i = 1; i <= 5; i++) {
        outcomes.push(
          await desk.value('bookings:create', {
            stay: stay(),
            guest: GUEST,
            ownReference: `GW503-${i}`
          })
        )
      }
    } finally {
      gate.mode = 'pass'
    }
    for (const [i, o] of outcomes.entries()) {
      expect(o.outcome).toBe('unknown')
      if (o.outcome !== 'unknown') continue
      expect(o.message).not.toMatch(/try again later/i)
      expect(o.message).toMatch(/internal error \(503\)/)
      expect(o.message).toMatch(/may have been carried out.*Check the booking before trying again/)
      expect(o.journalId).toBeTruthy()
      // The service did make each one: that is why "try again later" was wrong.
      expect(madeWith(`GW503-${i + 1}`)).toBe(1)
    }
    const journal = await desk.value('audit:list', { action: 'create', outcome: 'unknown' })
    const mine = journal.items.filter((e) => e.ownReference?.startsWith('GW503-'))
    expect(mine).toHaveLength(5)
    expect(mine.every((e) => /Check the booking before trying again/.test(e.message ?? ''))).toBe(
      true
    )
  })

  it('the same submission sent again reuses its own reference, so the service refuses a second booking', async () => {
    const s = stay()
    const submission = 'form-0001-same-booking'
    gate.mode = 'commit-then-503'
    let first
    try {
      first = await desk.value('bookings:create', { stay: s, guest: GUEST, submission })
    } finally {
      gate.mode = 'pass'
    }
    expect(first.outcome).toBe('unknown')
    const ref = first.outcome === 'unknown' ? first.lookup! : ''
    expect(ref).toMatch(/^SD-/)
    // The agent sends the same booking again from the same form: the same reference goes.
    const again = await desk.value('bookings:create', { stay: s, guest: GUEST, submission })
    expect(again).toMatchObject({ outcome: 'refused', field: 'ownReference' })
    expect(madeWith(ref)).toBe(1)
    const creates = await desk.value('audit:list', { action: 'create', booking: ref })
    expect(creates.items.map((e) => e.outcome).sort()).toEqual(['refused', 'unknown'])
  })

  it('refuses a second create in flight for the same submission; nothing more is sent', async () => {
    const s = stay()
    const submission = 'form-0002-double-send'
    gate.mode = 'hold'
    const before = desk.sent('POST /v1/booking')
    const first = desk.call('bookings:create', { stay: s, guest: GUEST, submission })
    // Wait until the first is at the gateway (main has journaled and sent it).
    await expect.poll(() => desk.sent('POST /v1/booking')).toBe(before + 1)
    const second = await desk.call('bookings:create', {
      stay: s,
      guest: GUEST,
      submission,
      ownReference: 'TYPED-ANOTHER'
    })
    expect(second).toMatchObject({ ok: false, error: { code: 'conflict' } })
    expect(!second.ok && second.error.message).toMatch(/already on its way/)
    gate.mode = 'pass'
    gate.release()
    expect(await first).toMatchObject({ ok: true, value: { outcome: 'done' } })
    expect(desk.sent('POST /v1/booking')).toBe(before + 1)
    expect(madeWith('TYPED-ANOTHER')).toBe(0)
  })

  it('a card number in a reason, a message or notes is refused on its field, and nothing is sent', async () => {
    const before = desk.proxy.requests.length
    const { id } = desk.sandbox.store.demoBookings().find((b) => b.status === 'confirmed')!
    const cancel = await desk.call('bookings:cancel', {
      bookingId: id,
      by: 'guest',
      reason: 'Guest paid with 4242-4242-4242-4242 twice',
      message: 'Sorry'
    })
    expect(cancel).toMatchObject({ ok: false, error: { code: 'bad-input', field: 'reason' } })
    expect(!cancel.ok && cancel.error.message).toMatch(/card number/)
    const message = await desk.call('bookings:cancel', {
      bookingId: id,
      by: 'pm',
      reason: 'Owner',
      message: 'Refund to card 5555555555554444 please'
    })
    expect(message).toMatchObject({ ok: false, error: { field: 'message' } })
    const notes = await desk.call('bookings:create', {
      stay: stay(),
      guest: GUEST,
      notes: 'card 4242424242424242 exp 12/30'
    })
    expect(notes).toMatchObject({ ok: false, error: { code: 'bad-input', field: 'notes' } })
    expect(desk.proxy.requests.slice(before).filter((r) => r.startsWith('POST'))).toEqual([])
    const journal = await desk.value('audit:list', { booking: id })
    expect(journal.items).toEqual([])
  })

  it('an unknown write is settled by hand with a note: who, when and what, in the journal', async () => {
    gate.mode = 'commit-then-503'
    let outcome
    try {
      outcome = await desk.value('bookings:create', {
        stay: stay(),
        guest: GUEST,
        ownReference: 'SETTLE-1'
      })
    } finally {
      gate.mode = 'pass'
    }
    if (outcome.outcome !== 'unknown') throw new Error(`expected unknown, got ${outcome.outcome}`)
    const journalEvents = () => desk.events.of('journal:changed').length
    const before = journalEvents()
    const settled = await desk.value('audit:settle', {
      id: outcome.journalId!,
      result: 'done',
      note: 'Found it on the service by its own reference'
    })
    expect(settled).toMatchObject({
      outcome: 'unknown',
      settlement: {
        result: 'done',
        profileName: 'Demo',
        note: 'Found it on the service by its own reference'
      }
    })
    expect(settled.settlement?.by).toBeTruthy()
    expect(journalEvents()).toBe(before + 1)
    const again = await desk.call('audit:settle', {
      id: outcome.journalId!,
      result: 'not-done',
      note: 'second thoughts'
    })
    expect(again).toMatchObject({ ok: false, error: { code: 'conflict' } })
  })
})
