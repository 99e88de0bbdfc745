import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { journalFileBeside, openJournal } from '../../../src-main/journal'
import { tempDir } from '../../helpers/sync-fixtures'
import { runStaydesk, type Ran } from './run-cli'

/**
 * `staydesk journal` is the journal of writes, named as the app's Journal screen and its IPC
 * commands are; `staydesk audit`, its earlier name, stays as an alias so that scripts written
 * for it go on working. A real journal file beside a mirror path in a temp folder.
 */
describe('staydesk journal, and audit as its alias', () => {
  const dir = tempDir('staydesk-journal-cli-')
  const db = join(dir, 'mirror.sqlite')
  const env: NodeJS.ProcessEnv = { ...process.env, STAYDESK_DATA_DIR: join(dir, 'data') }
  const cli = (...args: string[]) => runStaydesk(args, env)
  const ok = (r: Ran) => {
    expect(r.code, r.stderr).toBe(0)
    return r.stdout
  }

  beforeAll(async () => {
    const journal = await openJournal(journalFileBeside(db))
    const profile = { id: 'p1', name: 'Staging', kind: 'test', baseUrl: 'http://127.0.0.1:1' }
    const id = journal.sent({
      action: 'cancel',
      profile,
      bookingId: 'SB1001',
      sent: { bookingId: 'SB1001', reason: 'Guest asked', message: 'Sorry', by: 'guest' }
    })
    journal.answered(id, { outcome: 'done' })
    journal.close()
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('journal lists the writes, and audit prints the very same', async () => {
    const listed = JSON.parse(ok(await cli('journal', '--db', db, '--json')))
    expect(listed.items).toMatchObject([{ action: 'cancel', bookingId: 'SB1001', outcome: 'done' }])
    expect(ok(await cli('audit', '--db', db, '--json'))).toBe(
      ok(await cli('journal', '--db', db, '--json'))
    )
    expect(ok(await cli('audit', '--db', db, '--csv'))).toBe(
      ok(await cli('journal', '--db', db, '--csv'))
    )
  })

  it('journal --help, help audit and audit --help show the same usage', async () => {
    const help = ok(await cli('journal', '--help'))
    expect(help).toMatch(/^usage: staydesk journal \[--since D\]/)
    expect(ok(await cli('help', 'audit'))).toBe(help)
    expect(ok(await cli('audit', '--help'))).toBe(help)
  })
})
