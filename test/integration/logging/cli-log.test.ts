import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { tempDir } from '../../helpers/sync-fixtures'
import { runStaydesk } from '../cli/run-cli'

const TOKEN = 'sd_canary_Zq81nTlk3vV0ur5'
const CARD = '4242424242424242'
const CVC_JSON = '"cvc":"737"'

/**
 * The command line's log for support (cli.N.log in the data folder's logs/): the commands that
 * write or sync leave a line when they start and end, a line per sync and per write, and the
 * files never hold the token or card data typed into a reason, whatever the command did.
 */
describe('cli.N.log', () => {
  let sandbox: SandboxHandle
  let dataDir: string
  let env: NodeJS.ProcessEnv

  const logs = (): string[] =>
    readdirSync(join(dataDir, 'logs'))
      .filter((f) => f.startsWith('cli.'))
      .map((f) => readFileSync(join(dataDir, 'logs', f), 'utf8'))

  beforeAll(async () => {
    sandbox = await startSandbox({
      listings: 20,
      seed: 5,
      callers: [{ token: TOKEN, channel: 'DEMO', merchantOfRecord: 'service' }],
      log: () => undefined
    })
    dataDir = tempDir('staydesk-cli-log-')
    env = { ...process.env, STAYDESK_TOKEN: TOKEN, STAYDESK_DATA_DIR: dataDir }
  }, 60_000)
  afterAll(async () => {
    await sandbox?.close()
  })

  it('holds a line per sync and per write, and no token or card data', async () => {
    const db = join(tempDir('staydesk-cli-log-mirror-'), 'mirror.sqlite')
    const synced = await runStaydesk(['sync', '--base-url', sandbox.url, '--db', db], env)
    expect(synced.code, synced.stderr).toBe(0)

    const booking = sandbox.demoBookings.find((b) => b.status === 'confirmed')!
    const cancel = (reason: string, message: string) =>
      runStaydesk(
        [
          'booking',
          'cancel',
          booking.id,
          '--by',
          'guest',
          '--reason',
          reason,
          '--message',
          message,
          '--channel',
          'DEMO',
          '--base-url',
          sandbox.url,
          '--db',
          db
        ],
        env
      )
    // Card numbers typed into a reason or message are refused on the field, nothing sent...
    const refused = await cancel(`card ${CARD}`, '4242 4242 4242 4242 and 4242-4242-4242-4242')
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/--reason: must not hold a card number/)
    // ...and a cancel whose text holds the token and a CVC is sent, its line scrubbed.
    const cancelled = await cancel(`${CVC_JSON} cvc: '737' Bearer ${TOKEN}`, `token ${TOKEN}`)
    expect(cancelled.code, cancelled.stderr).toBe(0)

    // Read-only commands leave no log of their own.
    const before = logs().join('')
    expect((await runStaydesk(['status', '--db', db], env)).code).toBe(0)
    expect(logs().join('')).toBe(before)

    const text = logs().join('')
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string })
    const messages = lines.map((l) => l.msg)
    expect(messages).toContain('staydesk sync')
    expect(messages.some((m) => /^sync of profile command line \(delta\) done in /.test(m))).toBe(
      true
    )
    expect(messages).toContain('staydesk booking')
    expect(messages.some((m) => m.includes('cancel') && m.includes(booking.id))).toBe(true)
    for (const canary of [TOKEN, CARD, '4242 4242 4242 4242', '4242-4242-4242-4242', '737"']) {
      expect(text).not.toContain(canary)
    }
  })
})
