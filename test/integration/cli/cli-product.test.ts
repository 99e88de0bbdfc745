import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFile, spawn } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { dirname, join, relative } from 'node:path'
import { promisify } from 'node:util'
import { formatEur } from '@shared/domain/money'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { tempDir } from '../../helpers/sync-fixtures'
import { BIN, freshBundle, runStaydesk, type Ran } from './run-cli'

const ROOT = join(import.meta.dirname, '../../..')
const TODAY = '2026-11-23'
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
const eur = (value: number) => formatEur(Math.round(value * 100))

/** A service that accepts every connection and never answers a byte. */
async function silentService(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('data', () => undefined)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}

/** Runs a shell line with bash; its exit code, stdout and stderr. */
function bash(line: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', line], { env })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }))
  })
}

describe('staydesk as a product', () => {
  let sandbox: SandboxHandle
  let db: string
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    STAYDESK_TOKEN: 'demo-token',
    STAYDESK_DATA_DIR: tempDir('staydesk-data-')
  }
  const cli = (...args: string[]) => runStaydesk(args, env)
  const oneLine = (r: Ran) => expect(r.stderr.trim().split('\n')).toHaveLength(1)

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 300, seed: 1, today: TODAY, log: () => undefined })
    db = join(tempDir('staydesk-product-'), 'mirror.sqlite')
    const synced = await cli('sync', '--base-url', sandbox.url, '--db', db, '--json')
    expect(synced.code, synced.stderr).toBe(0)
  }, 120_000)
  afterAll(async () => {
    await sandbox?.close()
  })

  it('ends quietly when the reader of its output stops early (| head -1)', async () => {
    const args = ['listings', '--db', db, '--json', '--limit', '300']
    // More than a pipe holds (64 KiB), so the writer is still writing when head has gone.
    const whole = await cli(...args)
    expect(whole.stdout.length).toBeGreaterThan(64 * 1024)
    const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`
    const line = `${[process.execPath, BIN, ...args].map(q).join(' ')} | head -1; echo "staydesk exit \${PIPESTATUS[0]}" >&2`
    const r = await bash(line, env)
    expect(r.stdout).toBe('{\n')
    expect(r.stderr).toBe('staydesk exit 0\n')
  })

  describe('a service that accepts connections and never answers', () => {
    let silent: Awaited<ReturnType<typeof silentService>>
    beforeAll(async () => {
      silent = await silentService()
    })
    afterAll(async () => {
      await silent?.close()
    })

    it('booking show: a waiting line, then at --deadline says the service did not answer in time', async () => {
      const started = Date.now()
      const r = await cli(
        'booking',
        'show',
        'SB10112648',
        '--channel',
        'DEMO',
        '--base-url',
        silent.url,
        '--timeout',
        '2',
        '--deadline',
        '7'
      )
      expect(r.code).toBe(1)
      expect(r.stdout).toBe('')
      const lines = r.stderr.trim().split('\n')
      expect(lines[0]).toMatch(
        new RegExp(`^staydesk: waiting for the service at ${silent.url} \\(\\d+ s\\)…$`)
      )
      expect(lines.at(-1)).toContain(
        `staydesk: The service at ${silent.url} did not answer within 7 s, retries included: ` +
          'it is unavailable or overloaded, which is not an error of StayDesk.'
      )
      expect(lines.at(-1)).toContain('no copy of booking SB10112648')
      expect(Date.now() - started).toBeLessThan(45_000) // a bound against hanging, not a speed
    })

    it('sync: every resource stops at --deadline, said once, exit 1', async () => {
      const started = Date.now()
      const file = join(tempDir('staydesk-silent-'), 'm.sqlite')
      const r = await cli(
        'sync',
        '--base-url',
        silent.url,
        '--db',
        file,
        '--timeout',
        '2',
        '--deadline',
        '6'
      )
      expect(r.code).toBe(1)
      const failure = r.stderr.trim().split('\n').at(-1)
      expect(failure).toBe(
        `staydesk: sync of listings, availability, rates failed: The service at ${silent.url} ` +
          'did not answer within 6 s, retries included: it is unavailable or overloaded, which ' +
          'is not an error of StayDesk. Try again later, or give --deadline SECONDS to wait longer.'
      )
      expect(Date.now() - started).toBeLessThan(45_000)
    })

    it('--timeout limits each request: the retries end well before the default deadline', async () => {
      const started = Date.now()
      const r = await cli(
        'quote',
        '100001',
        '--from',
        '2027-02-10',
        '--to',
        '2027-02-17',
        '--adults',
        '2',
        '--base-url',
        silent.url,
        '--timeout',
        '1'
      )
      expect(r.code).toBe(1)
      expect(r.stderr.trim().split('\n').at(-1)).toBe(
        'staydesk: The service did not answer in time. Try again in a moment.'
      )
      expect(Date.now() - started).toBeLessThan(50_000) // the default deadline is 60 s
    })
  })

  it.each([
    [
      ['bookings', '--db', 'x.sqlite', '--status', 'nonsense'],
      /^staydesk: --status: "nonsense" is not one of confirmed, expired, .*pendingCancellation$/
    ],
    [
      ['listings', '--db', 'x.sqlite', '--limit', '-1'],
      /^staydesk: --limit: "-1" is not a whole number of at least 1$/
    ],
    [['status', '--db', 'x.sqlite', '--db'], /^staydesk: --db needs a value$/],
    [
      ['sync', '--db', 'x.sqlite', '--timeout', 'soon'],
      /^staydesk: --timeout: "soon" is not a number of seconds above 0$/
    ],
    [
      ['sync', '--base-url', 'http://service.example', '--db', 'x.sqlite'],
      /^staydesk: --base-url: The service address must start with https:\/\/\. Plain http:\/\/ is only allowed/
    ],
    [['frobnicate', '--help'], /^staydesk: unknown command "frobnicate"/],
    [['help', 'frobnicate'], /^staydesk: unknown command "frobnicate" \(see staydesk --help\)$/]
  ])('usage error %j: exit 2 and what is wrong', async (args, message) => {
    const r = await cli(...args)
    expect(r.code).toBe(2)
    expect(r.stderr.trim()).toMatch(message)
    oneLine(r)
  })

  it('a token file that can’t be read is a failure (exit 1); a malformed token in it is a usage error (2)', async () => {
    const dir = tempDir('staydesk-token-file-')
    const noToken = { ...env, STAYDESK_TOKEN: undefined }
    const sync = (file: string) =>
      runStaydesk(['sync', '--base-url', sandbox.url, '--db', db, '--token-file', file], noToken)

    const missing = await sync(join(dir, 'none'))
    expect(missing.code).toBe(1)
    expect(missing.stderr).toBe(`staydesk: token file ${join(dir, 'none')} does not exist\n`)
    // A folder: it exists but can't be read as a file, even by root (EISDIR).
    const folder = await sync(dir)
    expect(folder.code).toBe(1)
    expect(folder.stderr).toBe(`staydesk: token file ${dir} can't be read (EISDIR)\n`)

    const twoLines = join(dir, 'two-lines')
    writeFileSync(twoLines, 'demo-token\nsecond line\n')
    const malformed = await sync(twoLines)
    expect(malformed.code).toBe(2)
    expect(malformed.stderr).toBe(
      `staydesk: token file ${twoLines}: the token must be one line of visible ASCII characters\n`
    )
    expect(malformed.stderr).not.toContain('demo-token')
  })

  it('a missing mirror is a failure (exit 1), not a usage error', async () => {
    const missing = join(tempDir('staydesk-none-'), 'none.sqlite')
    const r = await cli('status', '--db', missing)
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(`staydesk: no mirror at ${missing}: run "staydesk sync" first\n`)
  })

  it("COMMAND --help prints that command's usage and options, not the list of commands", async () => {
    const bookings = await cli('bookings', '--help')
    expect(bookings.code).toBe(0)
    expect(bookings.stdout).toMatch(/^usage: staydesk bookings \[--status S\]/)
    expect(bookings.stdout).toMatch(/^ {2}--status S +in this status/m)
    expect(bookings.stdout).toContain('global options')
    expect(bookings.stdout).not.toContain('commands:')
    const booking = await cli('booking', 'cancel', '--help')
    expect(booking.stdout).toMatch(
      /^usage: staydesk booking show ID\n {7}staydesk booking cancel ID/
    )
    expect((await cli('help', 'quote')).stdout).toMatch(/^usage: staydesk quote LISTING/)
    const all = await cli('--help')
    expect(all.stdout).toMatch(/^usage: staydesk <command>/)
    expect(all.stdout).toContain('commands:')
  })

  it('--version prints the package version, with the commit it was built from when known', async () => {
    const r = await cli('--version')
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(
      new RegExp(`^staydesk ${pkg.version}( \\(commit [0-9a-f]{4,}\\))?\\n$`)
    )
  })

  it('quote shows what --json shows: deposit, instalments, cancellation policy, in €', async () => {
    const avail = JSON.parse(
      (
        await cli(
          'available',
          '--db',
          db,
          '--from',
          '2027-02-10',
          '--to',
          '2027-02-17',
          '--today',
          TODAY,
          '--json'
        )
      ).stdout
    ) as { bookable: { listingId: number }[] }
    const args = [
      'quote',
      String(avail.bookable[0].listingId),
      '--from',
      '2027-02-10',
      '--to',
      '2027-02-17',
      '--adults',
      '2',
      '--base-url',
      sandbox.url
    ]
    const q = JSON.parse((await cli(...args, '--json')).stdout) as {
      securityDeposit: number
      cancellationPolicyName: string
      guestPaymentInstallments: { name: string; amount: number; dueDate: string }[]
      total: number
    }
    expect(q.guestPaymentInstallments.length).toBeGreaterThan(0)
    const human = await cli(...args)
    expect(human.code, human.stderr).toBe(0)
    expect(human.stdout).toMatch(
      new RegExp(`security deposit +${escape(eur(q.securityDeposit))}, not charged`)
    )
    for (const i of q.guestPaymentInstallments) {
      expect(human.stdout).toContain(`${i.name} ${eur(i.amount)} due ${i.dueDate}`)
    }
    expect(human.stdout).toMatch(new RegExp(`cancellation +${escape(q.cancellationPolicyName)}`))
    expect(human.stdout).toMatch(new RegExp(`total +${escape(eur(q.total))}`))
  })

  it('booking show gives its amounts in the one money format (€1,234.56)', async () => {
    const demo = sandbox.store.demoBookings().find((b) => b.status === 'confirmed')!
    const r = await cli('booking', 'show', demo.id, '--channel', 'DEMO', '--base-url', sandbox.url)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/^ {2}amount {3}€[\d,]+\.\d\d$/m)
    expect(r.stdout).toMatch(/^ {2}\w+ +€[\d,]+\.\d\d due \d{4}-\d\d-\d\d/m)
    expect(r.stdout).not.toMatch(/\d EUR/)
  })

  describe('installed with production dependencies only (npm install --omit=dev)', () => {
    let app: string

    beforeAll(async () => {
      await freshBundle()
      app = tempDir('staydesk-prod-')
      cpSync(join(ROOT, 'out', 'cli'), join(app, 'out', 'cli'), { recursive: true })
      cpSync(join(ROOT, 'bin'), join(app, 'bin'), { recursive: true })
      cpSync(join(ROOT, 'package.json'), join(app, 'package.json'))
      const { stdout } = await promisify(execFile)(
        'npm',
        ['ls', '--omit=dev', '--all', '--parseable'],
        { cwd: ROOT, env: process.env }
      )
      const top = join(ROOT, 'node_modules')
      for (const path of stdout.trim().split('\n')) {
        const rel = relative(top, path)
        // The packages at the top of node_modules; nested ones come with their parent.
        if (rel.startsWith('..') || rel === '' || rel.includes(`node_modules`)) continue
        const target = join(app, 'node_modules', rel)
        mkdirSync(dirname(target), { recursive: true })
        symlinkSync(path, target)
      }
    }, 60_000)

    const installed = (...args: string[]) => runBin(join(app, 'bin', 'staydesk.mjs'), args, env)

    it('answers --help, --version, status and listings with no build tool installed', async () => {
      const help = await installed('--help')
      expect(help.code, help.stderr).toBe(0)
      expect(help.stdout).toMatch(/^usage: staydesk <command>/)
      expect((await installed('--version')).stdout).toMatch(new RegExp(`^staydesk ${pkg.version}`))
      const status = await installed('status', '--db', db, '--json')
      expect(status.code, status.stderr).toBe(0)
      expect(JSON.parse(status.stdout).resources[0]).toMatchObject({ records: 300 })
      const listings = await installed('listings', '--db', db, '--search', 'lucca')
      expect(listings.code, listings.stderr).toBe(0)
      expect(listings.stdout).toMatch(/\d+ of \d+ listings\n$/)
      expect(listings.stderr).toBe('')
    })

    it('without a bundle and without the build tools, says to run npm run build (exit 1)', async () => {
      const bare = tempDir('staydesk-bare-')
      cpSync(join(ROOT, 'bin'), join(bare, 'bin'), { recursive: true })
      const r = await runBin(join(bare, 'bin', 'staydesk.mjs'), ['--help'], env)
      expect(r.code).toBe(1)
      expect(r.stderr).toContain('run `npm run build`')
    })
  })
})

/** `node BIN ...args` for a copy of bin/staydesk.mjs outside the checkout. */
function runBin(bin: string, args: string[], env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code) : 0, stdout, stderr })
    )
  })
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
