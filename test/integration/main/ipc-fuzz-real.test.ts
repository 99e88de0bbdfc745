import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMANDS, type CommandName } from '@shared/ipc/channels'
import { commands } from '@shared/ipc/contract'
import { hostile, mutate, prng } from '../../helpers/fuzz'
import { VALID_INPUTS } from '../../unit/main/ipc/contract-stubs'
import { openDesk, type Desk } from './desk-fixture'

/**
 * The fuzz of test/unit/main/ipc/register.fuzz.test.ts against the real handlers of createApp, with
 * a real data folder and the demo sandbox behind a recording proxy, over every command of the
 * contract. Each call must end in a validation error, an answer the contract's output schema
 * accepts, or a refusal the app meant (never a crash); a refused call leaves the data folder, the
 * journal and the service as they were; and afterwards the app still works.
 */

/** Errors an app decision can end in; `internal` would be a bug and fails the test. */
const MEANT = new Set([
  'bad-input',
  'not-found',
  'conflict',
  'unauthorized',
  'forbidden',
  'offline',
  'timeout',
  'outcome-unknown',
  'bad-response',
  'server-error'
])

/** What a rejected call must not have changed. */
function fingerprint(desk: Desk): string {
  const profiles = readFileSync(join(desk.dataDir, 'profiles.json'), 'utf8')
  const writes = desk.proxy.requests.filter((r) => !r.startsWith('GET ')).length
  return JSON.stringify({ profiles, writes })
}

describe('IPC fuzz against the real handlers (issue 11)', () => {
  let desk: Desk
  let saveDir: string

  beforeAll(async () => {
    saveDir = mkdtempSync(join(tmpdir(), 'staydesk-fuzz-saves-'))
    desk = await openDesk({
      listings: 30,
      deps: {
        files: {
          save: async ({ suggestedName }) => join(saveDir, suggestedName),
          printToPdf: async () => new Uint8Array([37, 80, 68, 70])
        }
      }
    })
  }, 60_000)
  afterAll(async () => {
    await desk?.close()
    rmSync(saveDir, { recursive: true, force: true })
  })

  const journalSize = async () => (await desk.value('journal:list', { limit: 1 })).total
  const kept = () => desk.value('references:export', {}).then((r) => r.rows ?? 0)

  it('answers every hostile input with a validation error, a valid answer or a meant refusal', async () => {
    const rand = prng(20_261_123)
    let refused = 0
    let answered = 0
    for (let round = 0; round < 12; round++) {
      for (const name of COMMANDS) {
        // Profile switches and deletions would pull the data from under the other commands.
        if (name === 'profiles:delete' || name === 'profiles:activate') continue
        const input =
          round % 2 === 0
            ? hostile(rand)
            : mutate(VALID_INPUTS[name] as Record<string, unknown>, rand)
        const before = fingerprint(desk)
        const journalBefore = await journalSize()
        const refsBefore = await kept()
        const result = await desk.call(name as CommandName, input as never)
        if (result.ok) {
          answered++
          const check = commands[name].output.safeParse(result.value)
          expect(check.success, `${name} answered outside its contract`).toBe(true)
        } else {
          expect(
            MEANT.has(result.error.code),
            `${name}: ${result.error.code} ${result.error.message}`
          ).toBe(true)
          expect(result.error.message.length).toBeLessThan(400)
          if (result.error.code === 'bad-input') {
            refused++
            expect(fingerprint(desk), `${name} wrote something although refused`).toBe(before)
            expect(await journalSize()).toBe(journalBefore)
            expect(await kept()).toBe(refsBefore)
          }
        }
      }
    }
    expect(refused).toBeGreaterThan(COMMANDS.length * 6)
    expect(answered).toBeGreaterThan(0)
    expect(desk.crashes).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  }, 240_000)

  it('still works afterwards: the portfolio, a quote and the sync status answer as before', async () => {
    const search = await desk.value('listings:search', { limit: 5 })
    expect(search.total).toBe(30)
    const status = await desk.value('sync:status', {})
    expect(status.running).toBe(false)
    expect((await desk.value('app:info', {})).profile.kind).toBe('demo')
  })
})
