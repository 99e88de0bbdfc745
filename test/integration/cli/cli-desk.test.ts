import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse as parseCsv } from 'csv-parse/sync'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { BookingDetails } from '@shared/api/booking.schema'
import { addDays, utcDateOf } from '@shared/domain/dates'
import type { BookingSummary } from '@shared/ipc/bookings.schema'
import type { JournalEntry } from '@shared/ipc/journal.schema'
import { openJournal } from '../../../src-main/journal'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { tempDir } from '../../helpers/sync-fixtures'
import { recordingProxy, type RecordingProxy } from '../main/app-fixtures'
import { runStaydesk, type Ran } from './run-cli'

const oneLine = (r: Ran) => expect(r.stderr.trim().split('\n')).toHaveLength(1)

/**
 * The support desk from a terminal: `booking cancel` and `booking show` run the desk's own
 * operations (journaled, kept, read back), `bookings` lists the kept copies and `audit` the
 * journal beside the mirror. Real HTTP to an in-process sandbox through a proxy that counts
 * every request, real SQLite files in a temp folder.
 */
describe('staydesk: cancel, show, bookings and audit over the desk', () => {
  let sandbox: SandboxHandle
  let proxy: RecordingProxy
  let dir: string
  let db: string
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    STAYDESK_TOKEN: 'demo-token',
    STAYDESK_DATA_DIR: tempDir('staydesk-data-')
  }
  const cli = (...args: string[]) => runStaydesk(args, env)
  /** A command against the service (through the proxy) with the mirror `file`. */
  const live = (file: string, ...args: string[]) =>
    cli(...args, '--base-url', proxy.url, '--channel', 'DEMO', '--db', file)
  const json = (r: Ran) => {
    expect(r.code, r.stderr).toBe(0)
    return JSON.parse(r.stdout)
  }
  const serviceStatus = (id: string) =>
    BookingDetails.parse(sandbox.store.readBooking(id, 'DEMO')).status
  /** A demo booking the service holds in `status` now, not yet used by another test. */
  const used = new Set<string>()
  const demoIn = (status: string) => {
    const b = sandbox.store
      .demoBookings()
      .find((d) => d.status === status && !used.has(d.id) && serviceStatus(d.id) === status)
    if (!b) throw new Error(`no demo booking left in status ${status}`)
    used.add(b.id)
    return b
  }
  const cancels = (by: 'guest' | 'pm') =>
    proxy.requests.filter((r) => r === `POST /v1/booking/${by}/cancel`).length
  const journaled = async (file: string, booking: string): Promise<JournalEntry[]> =>
    json(await cli('audit', '--db', file, '--booking', booking, '--json')).items
  const kept = async (file: string): Promise<BookingSummary[]> =>
    json(await cli('bookings', '--db', file, '--json', '--limit', '500')).items

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 30, seed: 4, log: () => undefined })
    proxy = await recordingProxy(sandbox.url)
    dir = tempDir('staydesk-cli-desk-')
    db = join(dir, 'mirror.sqlite')
  }, 120_000)
  afterAll(async () => {
    await proxy?.close()
    await sandbox?.close()
  })

  it('cancel: the service changes, the write is journaled done, the copy kept with the new status', async () => {
    const { id } = demoIn('confirmed')
    const before = cancels('guest')
    const r = await live(
      db,
      'booking',
      'cancel',
      id,
      '--by',
      'guest',
      '--reason',
      'Plans changed',
      '--message',
      'Sorry to cancel'
    )
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain(`Booking ${id} is now cancelledByGuest: Cancelled by the guest`)
    expect(r.stdout).toMatch(/refunded\s+€[\d,.]+ in total/)
    expect(cancels('guest')).toBe(before + 1)
    expect(serviceStatus(id)).toBe('cancelledByGuest')

    // The journal beside the mirror, and nowhere else.
    expect(existsSync(join(dir, 'mirror.journal.sqlite'))).toBe(true)
    const entries = await journaled(db, id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      action: 'cancel',
      outcome: 'done',
      bookingId: id,
      profileName: 'command line',
      profileKind: 'test',
      sent: { cancelledBy: 'guest', bookingId: id, reason: 'Plans changed' }
    })
    expect(entries[0].answeredAt).toBeGreaterThanOrEqual(entries[0].sentAt)
    const copy = (await kept(db)).find((b) => b.id === id)
    expect(copy).toMatchObject({ status: 'cancelledByGuest' })
  })

  it('cancel --json prints the outcome object', async () => {
    const { id } = demoIn('confirmed')
    const out = json(
      await live(
        db,
        'booking',
        'cancel',
        id,
        '--by',
        'pm',
        '--reason',
        'Owner',
        '--message',
        'Sorry',
        '--json'
      )
    )
    expect(out).toMatchObject({ outcome: 'done', status: 'cancelledByPm' })
    expect(out.refundCents).toBe(
      out.refunds.reduce((s: number, x: { refundCents: number }) => s + x.refundCents, 0)
    )
    expect(out.booking).toMatchObject({ source: 'live', booking: { id, status: 'cancelledByPm' } })
  })

  it('a cancel of a cancelled booking prints the refusal and the status read again, exit 1, journaled refused', async () => {
    const { id } = demoIn('cancelledByPm')
    const before = cancels('pm')
    const r = await live(
      db,
      'booking',
      'cancel',
      id,
      '--by',
      'pm',
      '--reason',
      'Owner',
      '--message',
      'Sorry'
    )
    expect(r.code).toBe(1)
    oneLine(r)
    expect(r.stderr).toContain(`the service refused to cancel booking ${id}`)
    expect(r.stdout).toContain(`The service refused to cancel booking ${id}:`)
    expect(r.stdout).toContain('booking state is not valid for this request')
    expect(r.stdout).toContain(
      `Read again just now, booking ${id} is cancelledByPm: Cancelled by the property manager`
    )
    expect(cancels('pm')).toBe(before + 1)
    expect((await journaled(db, id))[0]).toMatchObject({ action: 'cancel', outcome: 'refused' })
    expect(serviceStatus(id)).toBe('cancelledByPm')
  })

  it('a cancel whose answer is lost prints unknown, reads back the cancelled status, and is sent once', async () => {
    const { id } = demoIn('confirmed')
    const before = cancels('pm')
    sandbox.setFaults({ commitThenDrop: 1, paths: '/cancel$' })
    let r: Ran
    try {
      r = await live(
        db,
        'booking',
        'cancel',
        id,
        '--by',
        'pm',
        '--reason',
        'Double booking',
        '--message',
        'Sorry'
      )
    } finally {
      sandbox.setFaults(null)
    }
    expect(r.code).toBe(1)
    oneLine(r)
    expect(r.stderr).toContain('is unknown; it was not sent again')
    expect(r.stdout).toContain(`The outcome of the cancellation of booking ${id} is unknown`)
    expect(r.stdout).toContain('It was not sent again.')
    expect(r.stdout).toContain(`Read again just now, booking ${id} is cancelledByPm`)
    expect(cancels('pm')).toBe(before + 1)
    expect(serviceStatus(id)).toBe('cancelledByPm')
    expect((await journaled(db, id))[0]).toMatchObject({ outcome: 'unknown' })
    expect((await kept(db)).find((b) => b.id === id)?.status).toBe('cancelledByPm')
  })

  it('booking show keeps a copy; with the service stopped it prints the copy, marked as such', async () => {
    const file = join(tempDir('staydesk-cli-show-'), 'mirror.sqlite')
    const own = await recordingProxy(sandbox.url)
    const { id } = demoIn('pendingPayment')
    const args = ['booking', 'show', id, '--base-url', own.url, '--channel', 'DEMO', '--db', file]
    let shown: Ran
    try {
      shown = await cli(...args)
    } finally {
      await own.close()
    }
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout).toContain(`Booking ${id}: pendingPayment`)
    expect(shown.stdout).toContain('status   Awaiting payment')
    expect(shown.stdout).toContain(`source   live, kept in ${file}`)
    expect((await kept(file)).map((b) => b.id)).toEqual([id])

    // The same address now refuses connections: the copy, with when it was read.
    const copy = await cli(...args)
    expect(copy.code, copy.stderr).toBe(0)
    expect(copy.stdout).toContain(`Booking ${id}: pendingPayment`)
    expect(copy.stdout).toMatch(/source {3}copy from \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/)
    const asJson = json(await cli(...args, '--json'))
    expect(asJson).toMatchObject({ source: 'copy', booking: { id }, summary: { id } })
    expect(asJson.note).toMatch(/reached|connection/i)

    // Never read, so no copy: the outage itself, exit 1.
    const other = demoIn('inProgress').id
    const none = await cli('booking', 'show', other, ...args.slice(3))
    expect(none.code).toBe(1)
    oneLine(none)
    expect(none.stderr).toContain(`no copy of booking ${other}`)
  })

  it('booking show without --db reads live and says the copy is not kept', async () => {
    const { id } = demoIn('disputeByGuest')
    const r = await cli('booking', 'show', id, '--base-url', proxy.url, '--channel', 'DEMO')
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain('source   live (not kept: give --db FILE or --profile NAME')
    expect(r.stdout).toContain('status   Disputed by the guest')
  })

  it('bookings lists the kept copies with the filters, offline and without a token', async () => {
    const file = join(tempDir('staydesk-cli-list-'), 'mirror.sqlite')
    const picks = ['confirmed', 'confirmed', 'pendingConfirm', 'completed', 'cancelledByGuest'].map(
      (status) => demoIn(status)
    )
    for (const b of picks) {
      const r = await live(file, 'booking', 'show', b.id)
      expect(r.code, r.stderr).toBe(0)
    }
    const noToken = { ...env }
    delete noToken.STAYDESK_TOKEN
    const list = async (...args: string[]) => {
      const r = await runStaydesk(['bookings', '--db', file, '--json', ...args], noToken)
      expect(r.code, r.stderr).toBe(0)
      return JSON.parse(r.stdout) as { total: number; items: BookingSummary[] }
    }
    const all = await list()
    expect(all.total).toBe(5)
    // Newest read first.
    expect(all.items.map((b) => b.id)).toEqual(picks.map((b) => b.id).reverse())

    const confirmed = await list('--status', 'confirmed')
    expect(confirmed.items.map((b) => b.id).sort()).toEqual([picks[0].id, picks[1].id].sort())

    const someone = all.items.find((b) => b.id === picks[2].id)!
    const byGuest = await list(
      '--guest',
      someone.guestName!.split(' ')[0].slice(0, 3).toLowerCase()
    )
    expect(byGuest.items.map((b) => b.id)).toContain(someone.id)
    expect(byGuest.total).toBeLessThan(5)

    const byDates = await list('--from', someone.checkIn, '--to', someone.checkIn)
    expect(byDates.items.map((b) => b.id)).toContain(someone.id)
    const long = all.items.reduce((a, b) => (a.checkOut > b.checkOut ? a : b))
    expect((await list('--from', addDays(long.checkOut, 1))).total).toBe(0)

    const two = await list('--limit', '2')
    expect(two.items).toHaveLength(2)
    expect(two.total).toBe(5)

    const human = await runStaydesk(['bookings', '--db', file], noToken)
    expect(human.code, human.stderr).toBe(0)
    expect(human.stdout).toMatch(
      /^id\s+status\s+guest\s+check-in\s+check-out\s+listing\s+total\s+read at/
    )
    expect(human.stdout).toContain('Awaiting the property manager’s confirmation')
    expect(human.stdout).toMatch(/€[\d,]+\.\d\d/)
    expect(human.stdout).toContain('5 of 5 kept bookings')

    // A mirror that was never made holds no copies; it is not made just to say so.
    const nothing = join(tempDir('staydesk-cli-none-'), 'mirror.sqlite')
    const empty = await runStaydesk(['bookings', '--db', nothing], noToken)
    expect(empty.code).toBe(0)
    expect(empty.stdout).toContain('no bookings kept')
    expect(existsSync(nothing)).toBe(false)
  })

  it('audit --csv prints the CSV the journal makes, and the table and dates filter it', async () => {
    const csv = await cli('audit', '--db', db, '--csv')
    expect(csv.code, csv.stderr).toBe(0)
    const journal = await openJournal(join(dir, 'mirror.journal.sqlite'))
    let expected: string
    let total: number
    try {
      expected = journal.csv({}).text
      total = journal.list({}).total
    } finally {
      journal.close()
    }
    expect(csv.stdout).toBe(expected)
    const rows = parseCsv(csv.stdout, { columns: true }) as Record<string, string>[]
    expect(rows).toHaveLength(total)
    expect(total).toBeGreaterThanOrEqual(4)
    expect(new Set(rows.map((r) => r.Outcome))).toEqual(new Set(['done', 'refused', 'unknown']))
    for (const row of rows) {
      expect(row).toMatchObject({
        Profile: 'command line',
        'Profile kind': 'test',
        Action: 'cancel'
      })
      expect(JSON.parse(row['Sent (JSON)'])).toMatchObject({ bookingId: row['Booking id'] })
    }

    const today = utcDateOf(Date.now())
    const count = async (...args: string[]) =>
      json(await cli('audit', '--db', db, '--json', ...args)).total as number
    expect(await count('--since', today, '--until', today)).toBe(total)
    expect(await count('--since', addDays(today, 1))).toBe(0)
    expect(await count('--until', addDays(today, -1))).toBe(0)
    expect(await count('--outcome', 'refused')).toBe(1)
    const tomorrow = await cli('audit', '--db', db, '--since', addDays(today, 1), '--csv')
    expect(parseCsv(tomorrow.stdout)).toHaveLength(1) // the header alone

    const table = await cli('audit', '--db', db)
    expect(table.code, table.stderr).toBe(0)
    expect(table.stdout).toMatch(/^sent at\s+profile\s+action\s+booking\s+outcome\s+message/)
    expect(table.stdout).toMatch(/UTC\s+command line\s+cancel\s+SB\d+\s+refused\s+The service/)
    expect(table.stdout).toContain(
      `${total} of ${total} writes in ${join(dir, 'mirror.journal.sqlite')}`
    )
  })

  it('a missing journal is "no writes recorded", exit 0, and no file is made', async () => {
    const file = join(tempDir('staydesk-cli-nojournal-'), 'mirror.sqlite')
    const r = await cli('audit', '--db', file)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('no writes recorded')
    const asJson = json(await cli('audit', '--db', file, '--json'))
    expect(asJson).toMatchObject({ total: 0, items: [] })
    expect(existsSync(file.replace(/\.sqlite$/, '.journal.sqlite'))).toBe(false)
    expect(existsSync(file)).toBe(false)
  })

  it('a cancel without a token is refused before anything is journaled or sent', async () => {
    const file = join(tempDir('staydesk-cli-notoken-'), 'mirror.sqlite')
    const noToken = { ...env }
    delete noToken.STAYDESK_TOKEN
    const { id } = demoIn('coolOff')
    const before = cancels('pm')
    const r = await runStaydesk(
      [
        'booking',
        'cancel',
        id,
        '--by',
        'pm',
        '--reason',
        'r',
        '--message',
        'm',
        '--base-url',
        proxy.url,
        '--channel',
        'DEMO',
        '--db',
        file
      ],
      noToken
    )
    expect(r.code).toBe(2)
    oneLine(r)
    expect(r.stderr).toContain('STAYDESK_TOKEN')
    expect(cancels('pm')).toBe(before)
    expect(existsSync(file.replace(/\.sqlite$/, '.journal.sqlite'))).toBe(false)
    expect(serviceStatus(id)).toBe('coolOff')
  })

  it.each([
    [
      [
        'booking',
        'cancel',
        'SB1',
        '--by',
        'pm',
        '--reason',
        'r',
        '--message',
        'm',
        '--base-url',
        'http://127.0.0.1:9',
        '--channel',
        'DEMO'
      ],
      /give --db FILE \(the journal is kept beside it\) or --profile NAME/
    ],
    [
      [
        'booking',
        'cancel',
        'SB1',
        '--by',
        'pm',
        '--reason',
        'r',
        '--message',
        'm',
        '--base-url',
        'http://127.0.0.1:9',
        '--db',
        'x.sqlite'
      ],
      /give --channel CODE/
    ],
    [['bookings'], /give --db FILE or --profile NAME/],
    [['bookings', '--db', 'x.sqlite', '--limit', '501'], /--limit: must be at most 500/],
    [
      ['bookings', '--db', 'x.sqlite', '--from', '2027-02-30'],
      /--from: "2027-02-30" is not a date/
    ],
    [['audit'], /give --db FILE .* or --profile NAME/],
    [['audit', '--db', 'x.sqlite', '--csv', '--json'], /give --csv or --json, not both/],
    [
      ['audit', '--db', 'x.sqlite', '--since', 'yesterday'],
      /--since: "yesterday" is not a date YYYY-MM-DD/
    ],
    [
      ['audit', '--db', 'x.sqlite', '--since', '2027-02-02', '--until', '2027-02-01'],
      /--until: must not be before --since/
    ],
    [
      ['audit', '--db', 'x.sqlite', '--action', 'delete'],
      /--action: "delete" is not one of cancel, create/
    ],
    [
      ['audit', '--db', 'x.sqlite', '--outcome', 'ok'],
      /--outcome: "ok" is not one of done, refused/
    ]
  ])('usage error %j exits 2 with one line', async (args, message) => {
    const r = await cli(...args)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(message)
    oneLine(r)
  })

  it('help lists the new commands', async () => {
    const r = await cli('--help')
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^ {2}bookings \[--status S\]/m)
    expect(r.stdout).toMatch(/^ {2}audit \[--since D\]/m)
    expect(r.stdout).toMatch(/^ {2}booking cancel ID .*--confirm ID/m)
  })
})
