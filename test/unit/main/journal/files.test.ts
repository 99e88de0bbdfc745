import { describe, expect, it } from 'vitest'
import { APP_JOURNAL_FILE, journalFileBeside } from '../../../../src-main/journal/files'

describe('journalFileBeside', () => {
  it('puts the journal beside the mirror, replacing its extension', () => {
    expect(journalFileBeside('mirror.sqlite')).toBe('mirror.journal.sqlite')
    expect(journalFileBeside('/data/desk/mirror.db')).toBe('/data/desk/mirror.journal.sqlite')
    expect(journalFileBeside('./here/prod.v2.sqlite')).toBe('./here/prod.v2.journal.sqlite')
  })

  it('appends .journal.sqlite to a name without an extension', () => {
    expect(journalFileBeside('mirror')).toBe('mirror.journal.sqlite')
    expect(journalFileBeside('/data/v1.5/mirror')).toBe('/data/v1.5/mirror.journal.sqlite')
    expect(journalFileBeside('.mirror')).toBe('.mirror.journal.sqlite')
  })

  it('never names the mirror itself', () => {
    for (const file of ['mirror.sqlite', 'mirror', 'a.journal.sqlite']) {
      expect(journalFileBeside(file)).not.toBe(file)
    }
  })
})

describe('APP_JOURNAL_FILE', () => {
  it('is one file for every profile in the data folder', () => {
    expect(APP_JOURNAL_FILE).toBe('audit-journal.sqlite')
  })
})
