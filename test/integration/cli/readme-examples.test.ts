import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { tempDir } from '../../helpers/sync-fixtures'
import { runStaydesk } from './run-cli'

const README = readFileSync(resolve(import.meta.dirname, '../../../README.md'), 'utf8')

/** The `npx staydesk …` lines of the README's Command line section, comments dropped. */
function examples(): string[][] {
  const section = README.slice(README.indexOf('## Command line'))
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? ''
  return block
    .split('\n')
    .filter((line) => line.startsWith('npx staydesk '))
    .map((line) => line.replace(/#.*$/, '').trim().split(/\s+/).slice(2))
}

/**
 * A new user copies the README's examples against the sandbox it starts (`--seed 1 --today
 * 2026-11-23 --situations`, token demo-token, channel DEMO): each one runs and finds something on the demo,
 * not an empty answer. Run here in order, as a person would, with the same seed and date.
 */
describe("the README's command-line examples", () => {
  let sandbox: SandboxHandle
  let dir: string
  let env: NodeJS.ProcessEnv
  const lines = examples()

  beforeAll(async () => {
    sandbox = await startSandbox({
      listings: 300,
      seed: 1,
      today: '2026-11-23',
      situations: true,
      log: () => undefined
    })
    dir = tempDir('staydesk-readme-')
    env = { ...process.env, STAYDESK_TOKEN: 'demo-token', STAYDESK_DATA_DIR: join(dir, 'data') }
  }, 60_000)
  afterAll(async () => {
    await sandbox?.close()
  })

  it('are there to try: a sync first, then reads of the mirror and the service', () => {
    expect(lines.map((l) => l[0])).toEqual([
      'sync',
      'status',
      'listings',
      'available',
      'quote',
      'booking',
      'bookings',
      'alerts',
      'overview'
    ])
  })

  it('each exits 0 and prints what it found on the demo', async () => {
    for (const words of lines) {
      const args = words.map((w) =>
        w === 'http://127.0.0.1:8080' ? sandbox.url : w === 'mirror.sqlite' ? join(dir, w) : w
      )
      const r = await runStaydesk(args, env)
      const said = `staydesk ${words.join(' ')}\n${r.stdout}${r.stderr}`
      expect(r.code, said).toBe(0)
      expect(r.stdout.trim(), said).not.toBe('')
      expect(r.stdout, said).not.toMatch(/^(no |nothing|none)|\b0 (listings|bookings|stays)\b/im)
      // Human output of a list is more than its header line.
      if (['listings', 'available', 'bookings'].includes(words[0])) {
        expect(r.stdout.trim().split('\n').length, said).toBeGreaterThan(1)
      }
    }
  }, 120_000)
})
