import { describe, expect, it } from 'vitest'
import { JOURNAL_ACTIONS, JOURNAL_OUTCOMES, JournalFilter } from '@shared/ipc/journal.schema'
import {
  ACTION_WORDS,
  answerDelay,
  bookingCell,
  journalCard,
  OUTCOME_WORDS
} from '../../../../../src-renderer/src/screens/journal/journal-words'
import { savedText } from '../../../../../src-renderer/src/components/text'
import {
  fileNameOf,
  readableJson
} from '../../../../../src-renderer/src/screens/journal/entry-format'
import {
  hasJournalFilters,
  journalFilter,
  NO_JOURNAL_FILTERS
} from '../../../../../src-renderer/src/screens/journal/journal-filters'

describe('the journal in words', () => {
  it('has words for every action and outcome', () => {
    for (const a of JOURNAL_ACTIONS) expect(ACTION_WORDS[a]).toBeTruthy()
    expect(JOURNAL_OUTCOMES.map((o) => OUTCOME_WORDS[o])).toEqual([
      'Done',
      'Refused',
      'Unknown',
      'Not sent',
      'Pending'
    ])
  })

  it('shows a card as brand and last four only', () => {
    expect(journalCard({ creditCard: { brand: 'visa', last4: '4242' } })).toBe('Visa •••• 4242')
    expect(journalCard({ card: { brand: 'mastercard', last4: '4444' } })).toBe(
      'Mastercard •••• 4444'
    )
    expect(journalCard({ creditCard: '[redacted]' })).toBeNull()
    expect(journalCard({ guest: {} })).toBeNull()
  })

  it('names the booking, else the own reference, else the listing', () => {
    expect(bookingCell({ bookingId: 'SB1', ownReference: 'SD-1', listingId: 5 })).toEqual({
      primary: 'SB1',
      secondary: 'SD-1'
    })
    expect(bookingCell({ bookingId: null, ownReference: 'SD-1', listingId: 5 })).toEqual({
      primary: 'SD-1',
      secondary: 'own reference'
    })
    expect(bookingCell({ bookingId: null, ownReference: null, listingId: 5 }).primary).toBe(
      'Listing 5'
    )
  })

  it('says how long the answer took', () => {
    expect(answerDelay({ sentAt: 1000, answeredAt: 1250 })).toBe('250 ms')
    expect(answerDelay({ sentAt: 1000, answeredAt: 3500 })).toBe('2.5 s')
    expect(answerDelay({ sentAt: 1000, answeredAt: null })).toBe('no answer')
  })

  it('makes JSON readable, kept text included', () => {
    expect(readableJson({ a: 1 })).toBe('{\n  "a": 1\n}')
    expect(readableJson('{"a":1}')).toBe('{\n  "a": 1\n}')
    expect(readableJson('plain')).toBe('plain')
    expect(readableJson(undefined)).toBe('Nothing recorded.')
  })
})

describe('the filter sent to main', () => {
  it('is empty with no filters, and valid for main', () => {
    expect(journalFilter(NO_JOURNAL_FILTERS, 'demo')).toEqual({})
    expect(hasJournalFilters(NO_JOURNAL_FILTERS)).toBe(false)
  })

  it('carries each filter, the profile only when asked, and the page', () => {
    const f = journalFilter(
      {
        action: 'create',
        outcome: 'done',
        booking: ' SB1 ',
        from: '2026-11-01',
        to: '2026-11-30',
        thisProfileOnly: true
      },
      'demo',
      { limit: 25, offset: 50 }
    )
    expect(f).toEqual({
      action: 'create',
      outcome: 'done',
      booking: 'SB1',
      from: '2026-11-01',
      to: '2026-11-30',
      profileId: 'demo',
      limit: 25,
      offset: 50
    })
    expect(JournalFilter.safeParse(f).success).toBe(true)
  })

  it('puts a backwards date range in order', () => {
    const f = journalFilter({ ...NO_JOURNAL_FILTERS, from: '2026-12-01', to: '2026-11-01' }, 'x')
    expect(f).toEqual({ from: '2026-11-01', to: '2026-12-01' })
  })
})

describe('after an export', () => {
  it('says where the file went, or nothing when the person cancelled', () => {
    expect(savedText({ file: '/home/a/StayDesk journal 2026-11-22.csv', rows: 2 }, 'write')).toBe(
      'Saved 2 writes to /home/a/StayDesk journal 2026-11-22.csv'
    )
    expect(savedText({ file: '/x.csv', rows: 1 }, 'write')).toBe('Saved 1 write to /x.csv')
    expect(savedText({ file: null }, 'write')).toBeNull()
    expect(fileNameOf('C:\\Users\\a\\journal.csv')).toBe('journal.csv')
    expect(fileNameOf('/home/a/journal.csv')).toBe('journal.csv')
  })
})
