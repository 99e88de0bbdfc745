import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { tempDir } from '../../helpers/sync-fixtures'
import { recordingProxy, type RecordingProxy } from '../main/app-fixtures'
import { runStaydesk, type Ran } from './run-cli'

const BULK = 'PATCH /v1/listing/references'

/**
 * `staydesk references import | export` over real HTTP to the sandbox through a proxy that
 * counts every request: the dry run sends nothing, the import sends exactly the good rows (as
 * the sandbox's own records show), journaled, with an undo file that puts the old values back.
 */
describe('staydesk references', () => {
  let sandbox: SandboxHandle
  let proxy: RecordingProxy
  let dir: string
  let db: string
  let ids: readonly number[]
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    STAYDESK_TOKEN: 'demo-token',
    STAYDESK_DATA_DIR: tempDir('staydesk-data-')
  }
  const cli = (...args: string[]) =>
    runStaydesk([...args, '--base-url', proxy.url, '--channel', 'DEMO', '--db', db], env)
  const json = (r: Ran) => {
    expect(r.code, r.stderr).toBe(0)
    return JSON.parse(r.stdout)
  }
  const file = (name: string, lines: string[]) => {
    const path = join(dir, name)
    writeFileSync(path, `${lines.join('\n')}\n`)
    return path
  }
  const received = () => sandbox.store.referencesOf('DEMO')
  const sent = () => proxy.requests.filter((r) => r === BULK).length

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 20, seed: 8, log: () => undefined })
    proxy = await recordingProxy(sandbox.url)
    dir = tempDir('staydesk-cli-references-')
    db = join(dir, 'mirror.sqlite')
    ids = sandbox.store.listingIds()
    const synced = await cli('sync')
    expect(synced.code, synced.stderr).toBe(0)
  }, 120_000)
  afterAll(async () => {
    await proxy?.close()
    await sandbox?.close()
  })

  it('a dry run prints the diff with each bad row’s problem and sends nothing', async () => {
    const csv = file('first.csv', [
      'listingId,reference,url,status',
      `${ids[0]},VILLA-0,https://channel.example.com/0,active`,
      `${ids[1]},CASA-1,,`,
      '999999,GHOST,,',
      `${ids[2]},CASA-1,,`,
      `${ids[3]},CASA-3,,sold`
    ])
    const requests = proxy.requests.length
    const r = await cli('references', 'import', csv, '--dry-run')
    expect(r.code).toBe(1)
    expect(r.stderr.trim()).toBe(
      `staydesk: ${csv}: 3 invalid rows (2 new, 0 changed, 0 same, 3 invalid)`
    )
    const lines = r.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^line\s+listing\s+change\s+now\s+in the file\s+problems$/)
    expect(lines[1]).toMatch(
      new RegExp(
        `^2\\s+${ids[0]} .+\\s+new\\s+-\\s+VILLA-0, https://channel.example.com/0, active$`
      )
    )
    expect(lines[3]).toMatch(
      /^4\s+999999\s+invalid\s+-\s+GHOST\s+There is no listing 999999 in this profile's portfolio\.$/
    )
    expect(lines[4]).toMatch(/invalid .*Reference "CASA-1" is already given on line 3\.$/)
    expect(lines[5]).toMatch(/Status must be one of building, incomplete, active, inactive\.$/)
    expect(lines[6]).toBe(`5 rows in ${csv}: 2 new, 0 changed, 0 same, 3 invalid`)
    expect(lines[7]).toBe(
      'Dry run: nothing sent. A real import sends 2 rows and leaves out the 3 invalid rows.'
    )
    expect(proxy.requests.length).toBe(requests)
    expect(received().size).toBe(0)
    expect(existsSync(join(dir, 'mirror.journal.sqlite'))).toBe(false)
  }, 120_000)

  it('the import sends exactly the good rows, in batches, journaled', async () => {
    const csv = join(dir, 'first.csv')
    const r = await cli('references', 'import', csv, '--batch-size', '1')
    expect(r.code, r.stderr).toBe(0)
    expect(sent()).toBe(2)
    expect(received()).toEqual(
      new Map([
        [ids[0], { reference: 'VILLA-0', url: 'https://channel.example.com/0', status: 'active' }],
        [ids[1], { reference: 'CASA-1' }]
      ])
    )
    expect(r.stdout).toMatch(new RegExp(`\\n2\\s+${ids[0]} .+\\s+done\\s+1\\n`))
    expect(r.stdout).toMatch(new RegExp(`\\n3\\s+${ids[1]} .+\\s+done\\s+2\\n`))
    expect(r.stdout).toContain('Sent 2 rows in 2 batches: 2 done.')
    // Neither listing had a reference: nothing to put back, and the output says why.
    expect(r.stdout).toContain('No undo file: nothing to put back.')
    expect(r.stdout).toContain(`No previous reference for 2 listings (${ids[0]}, ${ids[1]})`)
    expect(r.stdout).toContain('3 invalid rows not sent; see the problems above.')
    expect(readdirSync(dir).filter((f) => f.includes('.undo-'))).toEqual([])

    const audit = json(await cli('audit', '--action', 'references', '--json'))
    expect(audit.items.map((e: { outcome: string }) => e.outcome)).toEqual(['done', 'done'])
    expect(audit.items[1].sent).toMatchObject({
      batch: 1,
      of: 2,
      references: [{ listingId: ids[0], reference: 'VILLA-0' }]
    })
  }, 120_000)

  it('writes an undo file beside the input that, imported, puts the previous values back', async () => {
    const csv = file('second.csv', [
      'listingId,reference,status',
      `${ids[0]},VILLA-ZERO,inactive`,
      `${ids[1]},CASA-1,`,
      `${ids[4]},CASA-4,building`
    ])
    const before = sent()
    const out = json(await cli('references', 'import', csv, '--json'))
    expect(sent()).toBe(before + 1)
    expect(out.rows.map((r: { change: string; outcome: string }) => [r.change, r.outcome])).toEqual(
      [
        ['changed', 'done'],
        ['same', 'skipped'],
        ['new', 'done']
      ]
    )
    expect(received().get(ids[0])).toMatchObject({ reference: 'VILLA-ZERO', status: 'inactive' })
    expect(out.undo).toMatchObject({ rows: 1, withoutPrevious: 1 })
    expect(out.undo.file).toMatch(/second\.undo-\d{8}T\d{6}Z\.csv$/)
    expect(out.undo.file.startsWith(dir)).toBe(true)
    const undo = readFileSync(out.undo.file, 'utf8')
    expect(undo).toBe(
      `\uFEFFlistingId,reference,url,status\n${ids[0]},VILLA-0,https://channel.example.com/0,active\n`
    )

    // An undo file never replaces an existing file: refused before anything is sent.
    const taken = await cli('references', 'import', out.undo.file, '--undo', csv)
    expect(taken.code).toBe(2)
    expect(taken.stderr).toContain(`--undo: ${csv} already exists`)
    expect(sent()).toBe(before + 1)

    const back = await cli('references', 'import', out.undo.file, '--undo', join(dir, 'redo.csv'))
    expect(back.code, back.stderr).toBe(0)
    expect(back.stdout).toContain(`Undo file: ${join(dir, 'redo.csv')} (1 row).`)
    expect(received().get(ids[0])).toEqual({
      reference: 'VILLA-0',
      url: 'https://channel.example.com/0',
      status: 'active'
    })
    expect(received().get(ids[4])).toEqual({ reference: 'CASA-4', status: 'building' })
  }, 120_000)

  it('exports what was set in the import’s format, which imports back as all same', async () => {
    const stdout = await cli('references', 'export')
    expect(stdout.code, stdout.stderr).toBe(0)
    expect(stdout.stdout.split('\n').slice(0, 2)).toEqual([
      'listingId,reference,url,status',
      `${ids[0]},VILLA-0,https://channel.example.com/0,active`
    ])
    const saved = join(dir, 'export.csv')
    const r = await cli('references', 'export', '--out', saved)
    expect(r.stdout.trim()).toBe(`${saved}: 3 references written`)
    expect(readFileSync(saved, 'utf8')).toBe(`\uFEFF${stdout.stdout}`)
    const again = json(await cli('references', 'import', saved, '--dry-run', '--json'))
    expect(again.counts).toEqual({ new: 0, changed: 0, same: 3, invalid: 0 })
    expect(again.toSend).toBe(0)
  }, 120_000)

  it('says plainly that a file is missing or not a references file', async () => {
    const missing = await cli('references', 'import', join(dir, 'nope.csv'))
    expect(missing.code).toBe(2)
    expect(missing.stderr.trim()).toBe(
      `staydesk: FILE: can't read ${join(dir, 'nope.csv')}: there is no such file`
    )
    const headless = file('headless.csv', [`${ids[5]},X-5`])
    const r = await cli('references', 'import', headless)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('listingId and reference are missing')
    expect(r.stdout).toContain('Nothing can be imported from this file.')
    expect(received().has(ids[5])).toBe(false)
  }, 120_000)

  it('a batch whose outcome is unknown stops the run, is never sent again, and exits 1', async () => {
    const csv = file('unlucky.csv', [
      'listingId,reference',
      `${ids[1]},CASA-1-NEW`,
      `${ids[6]},CASA-6`
    ])
    const before = sent()
    sandbox.setFaults({ error5xx: 1, paths: '^/v1/listing/references$' })
    let r: Ran
    try {
      r = await cli('references', 'import', csv, '--batch-size', '1')
    } finally {
      sandbox.setFaults(null)
    }
    expect(r.code).toBe(1)
    expect(sent()).toBe(before + 1)
    expect(received().get(ids[1])).toEqual({ reference: 'CASA-1' })
    expect(received().has(ids[6])).toBe(false)
    expect(r.stderr.trim()).toBe('staydesk: 0 of 2 rows done (1 unknown, 1 not sent)')
    expect(r.stdout).toMatch(new RegExp(`\\n2\\s+${ids[1]} .+\\s+unknown\\s+1\\s+\\S`))
    expect(r.stdout).toMatch(
      new RegExp(`\\n3\\s+${ids[6]} .+\\s+not sent\\s+2\\s+Not sent: batch 1's outcome is unknown`)
    )
    expect(r.stdout).toContain('An unknown outcome is never sent again')
    // The service may have applied the unknown batch: its previous value is in the undo file.
    expect(r.stdout).toMatch(/Undo file: .*unlucky\.undo-\d{8}T\d{6}Z\.csv \(1 row\)\./)
  }, 120_000)
})
