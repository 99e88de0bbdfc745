import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BookingDetails } from '@shared/api'
import { DEFAULT_SANDBOX_OPTIONS } from '../../../src-main/sandbox'
import { createSandboxStore } from '../../../src-main/sandbox/state/store'
import { startSandboxInWorker } from '../../../src-main/sandbox/worker'
import { get, TODAY } from './sandbox-client'

/** The demo bookings an in-process store files for the same options. */
function demoBookingsOf(listings: number) {
  return createSandboxStore({ ...DEFAULT_SANDBOX_OPTIONS, listings, today: TODAY }).demoBookings()
}

const ROOT = resolve(import.meta.dirname, '../../..')

describe('sandbox in a worker thread', () => {
  it('serves over HTTP and closes', async () => {
    const sandbox = await startSandboxInWorker({ listings: 50, today: TODAY })
    try {
      const answer = await get(sandbox, '/v1/listings/0')
      expect(answer.status).toBe(200)
      expect(answer.headers.get('x-total-count')).toBe('50')
      sandbox.setFaults({ error5xx: 1, paths: '^/v1/rates' })
      expect((await get(sandbox, '/v1/rates')).status).toBeGreaterThanOrEqual(500)
    } finally {
      await sandbox.close()
    }
    await expect(fetch(`${sandbox.url}/v1/listings`)).rejects.toThrow()
  })

  it('hands the starting situations to the thread that started it', async () => {
    const sandbox = await startSandboxInWorker({ listings: 60, today: TODAY, situations: true })
    try {
      const store = createSandboxStore({
        ...DEFAULT_SANDBOX_OPTIONS,
        listings: 60,
        today: TODAY,
        situations: true
      })
      expect(sandbox.situations).toEqual(store.situations())
      expect(sandbox.situations.reopened).toBeDefined()
      const { listingId, date } = sandbox.situations.unpriced!
      const rates = (await get(sandbox, `/v1/rates/listing/${listingId}`)).body as unknown[]
      expect(rates[0]).not.toHaveProperty(['rate', date])
    } finally {
      await sandbox.close()
    }
  })

  it('hands the demo bookings to the thread that started it', async () => {
    const sandbox = await startSandboxInWorker({ listings: 60, today: TODAY })
    try {
      const expected = demoBookingsOf(60)
      expect(expected.length).toBeGreaterThanOrEqual(20)
      expect(sandbox.demoBookings).toEqual(expected)
      expect(sandbox.demoBookingIds).toEqual(expected.map((d) => d.id))
      for (const d of expected.slice(0, 3)) {
        const read = await get(sandbox, `/v1/booking/${d.id}/DEMO`)
        expect(BookingDetails.parse(read.body).status).toBe(d.status)
      }
    } finally {
      await sandbox.close()
    }
  })
})

/** Runs the CLI the way `npm run sandbox` does; resolves at exit or once `until` is printed. */
function runCli(args: string[], until?: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/sandbox/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json' }
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString()
    if (until?.test(stdout)) child.kill('SIGTERM')
  })
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.on('close', (code) => done({ code, stdout, stderr }))
  )
}

describe('sandbox CLI', () => {
  it.each([
    [['--listings', 'many'], '--listings: '],
    [['--channel', 'TOOLONG'], '--channel: must be 4 characters'],
    [['--today', '2026-02-30'], '--today: '],
    [['--faults', 'drop=2'], '--faults: drop must be a probability'],
    [['--faults', 'commitThen5xx=1,status=504'], '--faults: status must be 500, 502 or 503'],
    [['--incidents', 'soon'], '--incidents: must be a number ≥ 0'],
    [['--bogus'], "Unknown option '--bogus'"]
  ])('%j exits 2 with one clear line', async (args, message) => {
    const { code, stderr } = await runCli(args)
    expect(code).toBe(2)
    expect(stderr.split('\n')[0]).toContain(message)
  })

  it('prints the URL and the tokens', async () => {
    const { stdout } = await runCli(
      ['--listings', '20', '--today', TODAY, '--mor-token', 'mor', '--faults', 'latency=1,seed=7'],
      /faults/
    )
    expect(stdout).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/)
    expect(stdout).toContain('token demo-token: channel DEMO, service is Merchant of Record')
    expect(stdout).toContain('token mor: channel DMOR, channel is Merchant of Record')
  })

  it('prints each demo booking with its status and guest after the tokens', async () => {
    const expected = demoBookingsOf(60)
    const last = expected[expected.length - 1].id
    const { stdout } = await runCli(
      ['--listings', '60', '--today', TODAY],
      new RegExp(`${last} .*\\n`)
    )
    const lines = stdout.split('\n')
    const tokens = lines.findIndex((l) => l.includes('token demo-token'))
    const printed = lines.slice(tokens + 1).filter((l) => /^\s+SB\d{8} /.test(l))
    expect(printed.map((l) => l.trim().split(' ')[0])).toEqual(expected.map((d) => d.id))
    expected.forEach((d, i) => expect(printed[i]).toContain(`${d.id} ${d.status} ${d.guestName}`))
  })

  it('--situations and --incidents: prints the situations at start and the incidents when they run', async () => {
    const { stdout } = await runCli(
      ['--listings', '60', '--today', TODAY, '--situations', '--incidents', '0.2'],
      /minimum stay 21 nights.*\n/
    )
    const store = createSandboxStore({
      ...DEFAULT_SANDBOX_OPTIONS,
      listings: 60,
      today: TODAY,
      situations: true
    })
    const s = store.situations()
    expect(stdout).toContain(
      `situation: ${s.reopened!.bookingId} (listing ${s.reopened!.listingId}) has ${s.reopened!.date} open again`
    )
    expect(stdout).toContain(
      `situation: listing ${s.unpriced!.listingId} has ${s.unpriced!.date} open without a rate`
    )
    expect(stdout).toContain('incidents in 0.2 s')
    const report = store.incidents()
    const after = stdout.slice(stdout.indexOf('incidents at '))
    expect(after).toContain(
      `${report.reopened!.bookingId} (listing ${report.reopened!.listingId}): ${report.reopened!.date} open again`
    )
    expect(after).toContain(
      `listing ${report.priceCut!.listingId}: ${report.priceCut!.nights[0].date} ${report.priceCut!.nights[0].oldEur} -> ${report.priceCut!.nights[0].newEur}`
    )
    expect(after).toContain(`listing ${report.minStay!.listingId}: minimum stay 21 nights`)
  })
})
