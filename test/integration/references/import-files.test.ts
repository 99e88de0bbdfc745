import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openMirror } from '../../../src-main/db'
import { tempDir } from '../../helpers/sync-fixtures'
import { runStaydesk } from '../cli/run-cli'
import { cursor, makeListing } from '../db/fixtures'
import { openDesk, type Desk } from '../main/desk-fixture'

/**
 * References files as spreadsheets save them, through both real import paths: the window's
 * dry run (references:preview, the app's handler over a synced demo) and
 * `staydesk references import --dry-run` in a real process. Both read the file with the same
 * parser; these hold that each path gets what the parser makes of the file.
 */

const SEMICOLONS = (ids: readonly number[]) =>
  `\uFEFF${[
    'listingid;reference;url;status',
    `${ids[0]};CASA-A;https://channel.example.com/a?x=1,2;Active`,
    `${ids[1]};CASA-B;;INACTIVE`
  ].join('\r\n')}\r\n`

/** What Excel's "Unicode Text" saves: UTF-16 LE with a byte-order mark, tab separated. */
const UNICODE_TEXT = (ids: readonly number[]) =>
  Buffer.from(`\uFEFFlistingId\treference\r\n${ids[0]}\tCASA-A\r\n`, 'utf16le')

describe('references files in the app', () => {
  let desk: Desk
  let ids: readonly number[]
  beforeAll(async () => {
    desk = await openDesk({ listings: 10 })
    ids = desk.sandbox.store.listingIds()
  })
  afterAll(async () => desk?.close())

  it('reads a semicolon file with a byte-order mark, CRLF ends and capitalised statuses', async () => {
    const preview = await desk.value('references:preview', { csv: SEMICOLONS(ids) })
    expect(preview.fileProblems).toEqual([])
    expect(preview.rows.map((r) => [r.line, r.listingId, r.reference, r.url, r.status])).toEqual([
      [2, ids[0], 'CASA-A', 'https://channel.example.com/a?x=1,2', 'active'],
      [3, ids[1], 'CASA-B', null, 'inactive']
    ])
    expect(preview.counts).toEqual({ new: 2, changed: 0, same: 0, invalid: 0 })
  })

  it('refuses a UTF-16 file as the window reads it (file.text(): UTF-8), saying what to do', async () => {
    const csv = new TextDecoder().decode(UNICODE_TEXT(ids))
    const preview = await desk.value('references:preview', { csv })
    expect(preview.rows).toEqual([])
    expect(preview.fileProblems[0]).toMatch(/^The file is UTF-16 text .*"CSV UTF-8/)
  })

  it('holds a row whose channel is not a channel id, instead of ignoring the column', async () => {
    const csv = `listingId,reference,channel\n${ids[0]},CASA-A,DEMO-1\n`
    const preview = await desk.value('references:preview', { csv })
    expect(preview.fileProblems).toEqual([])
    expect(preview.rows[0]).toMatchObject({ change: 'invalid' })
    expect(preview.rows[0].problems).toContain(
      'Channel "DEMO-1" is not a sales channel id: it must be 4 characters.'
    )
  })

  it("takes a row for the profile's own channel, and holds one for another channel", async () => {
    const csv = `listingId,reference,channel
${ids[0]},CASA-A,DEMO
${ids[1]},CASA-B,OTHR
`
    const preview = await desk.value('references:preview', { csv })
    expect(preview.rows.map((r) => r.change)).toEqual(['new', 'invalid'])
    expect(preview.rows[1].problems.join(' ')).toMatch(/OTHR/)
  })
})

describe('references files on the command line (import --dry-run)', () => {
  const dir = tempDir('staydesk-references-files-')
  const db = join(dir, 'mirror.sqlite')
  const ids = [101, 102, 103]
  const env: NodeJS.ProcessEnv = { ...process.env, STAYDESK_DATA_DIR: join(dir, 'data') }
  const dryRun = async (name: string, bytes: string | Buffer) => {
    const file = join(dir, name)
    writeFileSync(file, bytes)
    return runStaydesk(['references', 'import', file, '--dry-run', '--db', db, '--json'], env)
  }

  beforeAll(async () => {
    const mirror = await openMirror(db)
    mirror.sync.commitPage({
      resource: 'listings',
      records: ids.map((id) => makeListing(id)),
      quarantined: [],
      cursor: cursor(1),
      seenAt: 1,
      recordHistory: false
    })
    await mirror.close()
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('reads a semicolon file with a byte-order mark, CRLF ends and capitalised statuses', async () => {
    const r = await dryRun('semicolons.csv', SEMICOLONS(ids))
    expect(r.code, r.stderr).toBe(0)
    const out = JSON.parse(r.stdout)
    expect(out.fileProblems).toEqual([])
    expect(out.counts).toEqual({ new: 2, changed: 0, same: 0, invalid: 0 })
    expect(out.rows.map((r: { status: string }) => r.status)).toEqual(['active', 'inactive'])
  })

  it('refuses a UTF-16 file with a clear sentence and exit code 1', async () => {
    const r = await dryRun('unicode.txt', UNICODE_TEXT(ids))
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/The file is UTF-16 text \(what Excel saves as "Unicode Text"\)/)
    expect(JSON.parse(r.stdout).rows).toEqual([])
  })

  it("takes a row for the command line's own channel (--channel)", async () => {
    const file = join(dir, 'own-channel.csv')
    writeFileSync(file, `listingId,reference,channel\n${ids[0]},CASA-A,DEMO\n`)
    const r = await runStaydesk(
      ['references', 'import', file, '--dry-run', '--db', db, '--json', '--channel', 'DEMO'],
      { ...env, STAYDESK_TOKEN: 'demo-token' }
    )
    expect(r.code, r.stderr).toBe(0)
    expect(JSON.parse(r.stdout).counts).toMatchObject({ new: 1, invalid: 0 })
  })

  it('fails a dry run whose channel column holds a wrong-length id', async () => {
    const r = await dryRun('channel.csv', `listingId\treference\tsalesChannel\n${ids[0]}\tA\tXY\n`)
    expect(r.code).toBe(1)
    const out = JSON.parse(r.stdout)
    expect(out.rows[0].problems).toEqual([
      'Channel "XY" is not a sales channel id: it must be 4 characters.'
    ])
  })
})
