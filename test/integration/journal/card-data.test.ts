import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { cardSecrets } from '../../../src-main/api/redact'
import { forJournal, openJournal } from '../../../src-main/journal'
import { PRODUCTION, tempJournal } from './fixtures'

/**
 * Reliability checklist section 5: card data must never be written to SQLite, even briefly
 * (deleted rows linger in the WAL and free pages), so the check reads the raw bytes of the
 * journal, its -wal and its -shm, not what a SELECT returns.
 */

const NUMBER = '4242424242424242'
const SPACED = '4242 4242 4242 4242'
const CVC = '123'

/** The card in every form a careless store might leave it: plain, UTF-16, base64 at 3 offsets. */
function canaryForms(canary: string): Buffer[] {
  const bytes = Buffer.from(canary, 'utf8')
  const forms = [bytes, Buffer.from(canary, 'utf16le')]
  for (let k = 0; k < 3; k++) {
    const b64 = Buffer.concat([Buffer.alloc(k), bytes]).toString('base64')
    const from = (Math.ceil(k / 3) * 3 * 4) / 3
    const to = (Math.floor((k + bytes.length) / 3) * 3 * 4) / 3
    forms.push(Buffer.from(b64.slice(from, to)))
  }
  return forms
}

const FORMS = [
  ...canaryForms(NUMBER),
  ...canaryForms(SPACED),
  ...canaryForms('4242-4242-4242-4242'),
  Buffer.from(`"cvc":"${CVC}"`)
]

/** Every hit of a card form in the file and its -wal and -shm. */
function hits(file: string): string[] {
  const found: string[] = []
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (!existsSync(path)) continue
    const raw = readFileSync(path)
    for (const form of FORMS) {
      if (raw.includes(form)) found.push(`${path}: ${form.toString('latin1')}`)
    }
  }
  return found
}

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))

const card = { name: 'Ana Horvat', number: SPACED, cvc: CVC, expiration: '12/30' }

describe('card data never reaches the journal file', () => {
  it('the scan finds the card in a file that holds it (so zero hits below mean something)', () => {
    const t = tempJournal()
    cleanups.push(t.cleanup)
    const control = new Database(join(t.dir, 'control.sqlite'))
    control.exec('CREATE TABLE t (json TEXT)')
    control.prepare('INSERT INTO t VALUES (?)').run(JSON.stringify({ creditCard: card }))
    control.close()
    expect(hits(join(t.dir, 'control.sqlite')).length).toBeGreaterThan(0)
  })

  it('sent and answered records built with forJournal leave no card number or CVC in the db, -wal or -shm', async () => {
    const t = tempJournal()
    cleanups.push(t.cleanup)
    const j = await openJournal(t.file)

    const create = {
      listingId: 7,
      arrival: '2026-07-01',
      departure: '2026-07-08',
      guest: { firstName: 'Ana', lastName: 'Horvat', email: 'ana@example.test' },
      creditCard: card,
      notes: `Guest paid with ${NUMBER}`
    }
    const createId = j.sent({
      action: 'create',
      profile: PRODUCTION,
      listingId: 7,
      ownReference: 'SD-1',
      sent: forJournal(create)
    })
    // A service that echoes the card, in its body and in its message.
    j.answered(createId, {
      outcome: 'refused',
      message: `Card ${SPACED} was declined: {"cvc":"${CVC}"}`,
      received: forJournal(
        { error: `card ${NUMBER} declined`, creditCard: { number: NUMBER, cvc: CVC } },
        cardSecrets(create)
      )
    })
    const pay = { bookingId: 'BK-1', card: { number: NUMBER, cvc: CVC, expiration: '12/30' } }
    const payId = j.sent({
      action: 'pay',
      profile: PRODUCTION,
      bookingId: 'BK-1',
      sent: forJournal(pay)
    })
    j.answered(payId, {
      outcome: 'done',
      received: forJournal({ bookingId: 'BK-1', status: 'confirmed', paymentStatus: 'paid' })
    })

    // Open: the records are in the WAL.
    expect(existsSync(`${t.file}-wal`)).toBe(true)
    expect(hits(t.file)).toEqual([])
    const { items } = j.list({})
    expect(items.map((e) => e.sent)).toEqual([
      { bookingId: 'BK-1', card: { brand: 'visa', last4: '4242' } },
      expect.objectContaining({ creditCard: { brand: 'visa', last4: '4242' } })
    ])
    expect(JSON.stringify(items)).not.toContain(NUMBER)
    expect(j.csv({}).text).not.toContain(NUMBER)

    // Closed: checkpointed into the file.
    j.close()
    expect(hits(t.file)).toEqual([])
  })

  it('holds even when a caller forgets forJournal: the journal applies it again', async () => {
    const t = tempJournal()
    cleanups.push(t.cleanup)
    const j = await openJournal(t.file)
    const id = j.sent({
      action: 'pay',
      profile: PRODUCTION,
      bookingId: 'BK-1',
      sent: { bookingId: 'BK-1', creditCard: card }
    })
    j.answered(id, { outcome: 'done', received: { creditCard: { number: NUMBER, cvc: CVC } } })
    expect(j.list({}).items[0]).toMatchObject({
      sent: { bookingId: 'BK-1', creditCard: { brand: 'visa', last4: '4242' } },
      received: { creditCard: { brand: 'visa', last4: '4242' } }
    })
    expect(hits(t.file)).toEqual([])
    j.close()
    expect(hits(t.file)).toEqual([])
  })
})
