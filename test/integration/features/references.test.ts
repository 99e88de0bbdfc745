import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDesk, type Desk } from '../main/desk-fixture'

/**
 * Listing references over real HTTP: the dry run, batches through the bulk endpoint, per-row
 * results, the undo file, the journal, and what the sandbox received (its own records).
 */
describe('listing references', () => {
  let desk: Desk
  let ids: readonly number[]
  const saved: { name: string; contents: string }[] = []

  beforeAll(async () => {
    desk = await openDesk({
      listings: 40,
      deps: {
        files: {
          save: async ({ suggestedName, contents }) => {
            saved.push({ name: suggestedName, contents: String(contents) })
            return `/saved/${suggestedName}`
          },
          printToPdf: async () => new Uint8Array()
        }
      }
    })
    ids = desk.sandbox.store.listingIds()
  })
  afterAll(async () => desk?.close())

  const received = () => desk.sandbox.store.referencesOf('DEMO')

  it('sets one listing’s reference, URL and status with the single endpoint, journaled', async () => {
    const outcome = await desk.value('references:set', {
      listingId: ids[0],
      reference: 'VILLA-ALBA',
      url: 'https://channel.example.com/villa-alba',
      status: 'active'
    })
    expect(outcome).toMatchObject({ outcome: 'done', reference: { reference: 'VILLA-ALBA' } })
    expect(received().get(ids[0])).toEqual({
      reference: 'VILLA-ALBA',
      url: 'https://channel.example.com/villa-alba',
      status: 'active'
    })
    expect(desk.sent(`PATCH /v1/listing/${ids[0]}/reference`)).toBe(1)
    expect(await desk.value('references:get', { listingId: ids[0] })).toMatchObject({
      reference: 'VILLA-ALBA',
      status: 'active'
    })
    const journal = await desk.value('journal:list', { action: 'reference' })
    expect(journal.items[0]).toMatchObject({ outcome: 'done', listingId: ids[0] })
  })

  it('checks every row of an imported file before anything is sent', async () => {
    const sentBefore = desk.proxy.requests.length
    const csv = [
      'listingId,reference,url,status',
      `${ids[0]},VILLA-ALBA,,`, // same as set above
      `${ids[1]},CASA-1,https://channel.example.com/1,active`, // new
      `${ids[0] + 999_999},GHOST,,`, // unknown listing
      `${ids[2]},CASA-1,,`, // duplicate reference
      `${ids[3]},CASA-3,,sold`, // bad status
      `${ids[4]},${'R'.repeat(101)},,`, // too long
      `${ids[1]},CASA-1B,,`, // listing again
      `abc,CASA-X,,` // not an id
    ].join('\n')
    const preview = await desk.value('references:preview', { csv })
    expect(desk.proxy.requests.length).toBe(sentBefore)
    expect(preview.counts).toEqual({ new: 1, changed: 0, same: 1, invalid: 6 })
    const byLine = new Map(preview.rows.map((r) => [r.line, r]))
    expect(byLine.get(2)?.change).toBe('same')
    expect(byLine.get(3)?.change).toBe('new')
    expect(byLine.get(4)?.problems.join(' ')).toMatch(/no listing/)
    expect(byLine.get(5)?.problems.join(' ')).toMatch(/already given on line 3/)
    expect(byLine.get(6)?.problems.join(' ')).toMatch(
      /Status must be one of building, incomplete, active, inactive/
    )
    expect(byLine.get(7)?.problems.join(' ')).toMatch(/at most 100 characters/)
    expect(byLine.get(8)?.problems.join(' ')).toMatch(/already on line 3/)
    expect(byLine.get(9)?.problems.join(' ')).toMatch(/"abc" is not a listing id/)
  })

  it('says what is wrong with a file that is not a references file', async () => {
    const noHeader = await desk.value('references:preview', { csv: `${ids[0]},A\n${ids[1]},B` })
    expect(noHeader.fileProblems[0]).toMatch(/listingId and reference are missing/)
    const broken = await desk.value('references:preview', { csv: 'listingId,reference\n"1,A' })
    expect(broken.fileProblems[0]).toMatch(/not readable as CSV/)
  })

  it('applies the good rows in batches, reports each row, and gives an undo file that puts the old values back', async () => {
    await desk.value('references:set', {
      listingId: ids[5],
      reference: 'OLD-5',
      status: 'building'
    })
    const rows = [
      { listingId: ids[5], reference: 'NEW-5', status: 'active' as const },
      { listingId: ids[6], reference: 'NEW-6' },
      { listingId: ids[7], reference: 'NEW-7', url: 'https://channel.example.com/7' }
    ]
    const bulkBefore = desk.sent('PATCH /v1/listing/references')
    const result = await desk.value('references:apply', { rows, batchSize: 2 })
    expect(result.batches).toBe(2)
    expect(desk.sent('PATCH /v1/listing/references') - bulkBefore).toBe(2)
    expect(result.results.map((r) => [r.listingId, r.outcome, r.batch])).toEqual([
      [ids[5], 'done', 1],
      [ids[6], 'done', 1],
      [ids[7], 'done', 2]
    ])
    expect(received().get(ids[5])).toMatchObject({ reference: 'NEW-5', status: 'active' })
    expect(received().get(ids[7])).toMatchObject({ url: 'https://channel.example.com/7' })
    // Two listings had no reference before: the service can't remove one, so they are named.
    expect(result.undo).toMatchObject({ rows: 1, withoutPrevious: 2 })
    const journal = await desk.value('journal:list', { action: 'references' })
    expect(journal.items.slice(0, 2).every((e) => e.outcome === 'done')).toBe(true)

    const undo = await desk.value('references:preview', { csv: result.undo.csv })
    expect(undo.rows).toHaveLength(1)
    expect(undo.rows[0]).toMatchObject({ listingId: ids[5], reference: 'OLD-5', change: 'changed' })
    await desk.value('references:apply', {
      rows: [{ listingId: ids[5], reference: 'OLD-5', status: 'building' }]
    })
    expect(received().get(ids[5])).toMatchObject({ reference: 'OLD-5', status: 'building' })
  })

  it('sends none of a file’s rows for an unknown listing, and nothing twice', async () => {
    const before = desk.proxy.requests.length
    const bad = await desk.call('references:apply', {
      rows: [
        { listingId: ids[8], reference: 'A' },
        { listingId: ids[8], reference: 'B' }
      ]
    })
    expect(bad.ok).toBe(false)
    const unknown = await desk.call('references:apply', {
      rows: [{ listingId: 424_242_424, reference: 'A' }]
    })
    expect(unknown.ok).toBe(false)
    expect(desk.proxy.requests.length).toBe(before)
  })

  it('exports the kept references as a file the import reads back', async () => {
    const result = await desk.value('references:export', {})
    expect(result.file).toMatch(/StayDesk references .*\.csv$/)
    expect(result.rows).toBe(4)
    const file = saved.find((f) => f.name.startsWith('StayDesk references'))!
    expect(file.contents.startsWith('\uFEFFlistingId,reference,url,status')).toBe(true)
    const again = await desk.value('references:preview', { csv: file.contents })
    expect(again.counts).toEqual({ new: 0, changed: 0, same: 4, invalid: 0 })
  })
})

describe('listing references on a production profile', () => {
  it('asks for the number of changes before a bulk apply', async () => {
    const desk = await openDesk({ listings: 20 })
    try {
      const ids = desk.sandbox.store.listingIds()
      const profiles = await desk.value('profiles:list', {})
      const demo = profiles.profiles.find((p) => p.active)!
      // A production profile on the same sandbox, with the demo's token.
      const prod = await desk.value('profiles:create', {
        profile: {
          name: 'Live',
          kind: 'production',
          baseUrl: demo.baseUrl,
          salesChannel: demo.salesChannel
        },
        token: 'demo-token'
      })
      await desk.value('profiles:activate', { id: prod.id })
      await desk.value('sync:run', { full: true })
      const rows = [
        { listingId: ids[0], reference: 'P-0' },
        { listingId: ids[1], reference: 'P-1' }
      ]
      const before = desk.proxy.requests.length
      const refused = await desk.call('references:apply', { rows })
      expect(refused.ok).toBe(false)
      if (!refused.ok) expect(refused.error.message).toMatch(/Type the number of changes \(2\)/)
      const wrong = await desk.call('references:apply', { rows, confirmation: '3' })
      expect(wrong.ok).toBe(false)
      expect(desk.proxy.requests.length).toBe(before)
      const done = await desk.value('references:apply', { rows, confirmation: '2' })
      expect(done.results.every((r) => r.outcome === 'done')).toBe(true)
      expect(desk.sandbox.store.referencesOf('DEMO').get(ids[1])?.reference).toBe('P-1')
    } finally {
      await desk.close()
    }
  })
})
