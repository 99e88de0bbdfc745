import { describe, expect, it } from 'vitest'
import { HUB_UNREACHABLE } from '@shared/hub/words'
import { SYNC_RESOURCES, type SyncSummary } from '@shared/ipc/sync.schema'
import { keptSourceText } from '../../../src-renderer/src/components/data-source'
import { leadThen } from '../../../src-renderer/src/components/text'
import { failureTitle, headline } from '../../../src-renderer/src/ipc/errors'
import {
  cancellationUnknownText,
  searchEmptyText,
  writesUnreadText
} from '../../../src-renderer/src/screens/bookings/team-words'
import { errorLines, syncOutcome } from '../../../src-renderer/src/screens/sync/summary'

/**
 * Issue 22, task H10: with the team hub down, the team-profile screens say nothing untrue: what
 * can't be read is said as such (not as "none"), the outage is the hub's, and each sentence is
 * said once and reads as one sentence.
 */
const HUB_DOWN = `${HUB_UNREACHABLE}: check your connection, or ask whoever runs the hub.`
const NOW = 10 * 24 * 3_600_000

describe("a booking's writes when the team's journal can't be read", () => {
  it('says they can’t be read, with the hub’s words, never that there are none', () => {
    const text = writesUnreadText('hub', HUB_DOWN)
    expect(text).toBe(`The team’s writes on this booking can’t be read right now. ${HUB_DOWN}`)
    expect(text).not.toMatch(/holds no write|nobody/)
  })

  it('does not claim a cancellation was not sent through the hub when the journal is unread', () => {
    const unread = cancellationUnknownText('hub', false)
    expect(unread).not.toMatch(/this one was not|sent from here/)
    expect(unread).toMatch(/the team’s journal, .* can’t be read right now\.$/)
    // A profile of one's own whose journal was read keeps its sentence word for word.
    expect(cancellationUnknownText('service', true)).toBe(
      'The service’s read of a booking does not carry the cancellation’s reason and message; StayDesk has them only for cancellations sent from here, and this one was not.'
    )
  })
})

describe('whose outage a kept sync error names', () => {
  it('titles the hub’s sentence by the hub, the service’s by the service', () => {
    expect(failureTitle('offline', HUB_DOWN)).toBe(HUB_UNREACHABLE)
    expect(failureTitle('offline', 'The service cannot be reached.')).toBe(
      "The service can't be reached"
    )
  })
})

describe('the search’s empty state follows the list that answered', () => {
  it('describes the local search when the answer is the copies on this computer', () => {
    expect(searchEmptyText(false, true)).toMatch(/among the copies kept on this computer/)
    expect(searchEmptyText(true, true)).toMatch(/someone on the team/)
    // A profile of one's own (no search, its guest filter) reads as before.
    expect(searchEmptyText(false, false)).toBe(
      'Guest names match from the start of the first or last name; a stay matches when it overlaps the dates chosen.'
    )
  })
})

describe('each sentence once, read as one sentence', () => {
  it('a toast’s title is its action alone when the message already says the outage', () => {
    expect(headline({ title: HUB_UNREACHABLE, message: HUB_DOWN }, 'Export journal')).toBe(
      'Export journal'
    )
    expect(
      headline({ title: 'The service is slow to answer', message: 'No answer in 30 s.' }, 'Save')
    ).toBe('Save: The service is slow to answer')
  })

  it('a kept copy’s line ends its clause before the hub’s sentence', () => {
    const text = keptSourceText(
      { source: 'copy', note: HUB_DOWN, summary: { fetchedAt: NOW } },
      NOW,
      'hub'
    )
    expect(text).toMatch(/^Copy from .+ \(just now\)\. The team hub can't be reached: check/)
    expect(text).not.toMatch(/: The /)
  })

  it('the sync’s toast names what was not updated, then the hub’s sentence', () => {
    const errors = SYNC_RESOURCES.map((resource) => ({
      resource,
      code: 'offline' as const,
      message: HUB_DOWN
    }))
    expect(errorLines(errors)).toEqual([
      `Listings, availability and rates not updated. ${HUB_DOWN}`
    ])
    expect(syncOutcome(summaryOf(errors)).message).not.toMatch(/: The /)
  })

  it('keeps a colon before a clause', () => {
    expect(leadThen('Rates', 'not available')).toBe('Rates: not available')
  })
})

function summaryOf(errors: SyncSummary['errors']): SyncSummary {
  return { profileId: 'team', full: false, startedAt: NOW, finishedAt: NOW, results: [], errors }
}
