import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '@shared/domain/dates'
import { openMirror, type Mirror } from '../../../src-main/db'
import { dayNumberOf } from '@shared/calendar/day-numbers'
import { dayAt, encodeDays, type PackedDays } from '@shared/calendar/packed-days'
import { centsAt, encodeRates, type PackedRates } from '@shared/calendar/packed-rates'
import {
  flagWindows,
  monthWindow,
  stayWindow,
  stayWindows,
  windowDays,
  windowRates
} from '../../../src-main/db/queries/packed-window'
import {
  cursor,
  makeAvailability,
  makeListing,
  makeRates,
  openDay,
  tempDir,
  TODAY
} from './fixtures'

/**
 * The packed-window query (one module since the SQL was written four times) against the
 * statements as they were written before, on a real mirror file: every column of every row, for
 * windows before, across, inside and after each listing's stored span.
 */

// The stay statement as available-full.ts and availability-misses.ts wrote it (days through the
// departure, nights to it), and the month's and the letters' (days and nights to `to`).
const OLD_STAY = `
SELECT l.id, l.name, l.active, l.max_guest, l.advance_notice,
  a.base_day AS a_base, a.stay_width, a.extra AS a_extra,
  substr(a.flags, max(@from - a.base_day, 0) + 1, max(0, @to - max(@from, a.base_day) + 1)) AS flags,
  substr(a.min_stay, max(@from - a.base_day, 0) * a.stay_width + 1,
    max(0, @to - max(@from, a.base_day) + 1) * a.stay_width) AS min_stay,
  substr(a.max_stay, max(@from - a.base_day, 0) * a.stay_width + 1,
    max(0, @to - max(@from, a.base_day) + 1) * a.stay_width) AS max_stay,
  r.base_day AS r_base, r.exact AS r_exact,
  substr(r.prices, max(@from - r.base_day, 0) * 4 + 1, max(0, @to - max(@from, r.base_day)) * 4) AS prices
FROM listings l
LEFT JOIN availability a ON a.listing_id = l.id
LEFT JOIN rates r ON r.listing_id = l.id
ORDER BY l.id`

const OLD_MONTH = `
SELECT a.base_day AS a_base, a.stay_width, a.extra AS a_extra,
  substr(a.flags, max(@from - a.base_day, 0) + 1, max(0, @to - max(@from, a.base_day))) AS flags,
  substr(a.min_stay, max(@from - a.base_day, 0) * a.stay_width + 1,
    max(0, @to - max(@from, a.base_day)) * a.stay_width) AS min_stay,
  substr(a.max_stay, max(@from - a.base_day, 0) * a.stay_width + 1,
    max(0, @to - max(@from, a.base_day)) * a.stay_width) AS max_stay,
  r.base_day AS r_base, r.exact AS r_exact,
  substr(r.prices, max(@from - r.base_day, 0) * 4 + 1, max(0, @to - max(@from, r.base_day)) * 4) AS prices
FROM (SELECT @id AS id) k
LEFT JOIN availability a ON a.listing_id = k.id
LEFT JOIN rates r ON r.listing_id = k.id`

const OLD_LETTERS = `
SELECT a.listing_id, a.base_day, a.extra,
  hex(substr(a.flags, max(@from - a.base_day, 0) + 1, max(0, @to - max(@from, a.base_day)))) AS flags
FROM availability a ORDER BY a.listing_id`

const START = dayNumberOf(TODAY)
/** Listing 1 plain; 2 with a stay limit above 255 (2-byte width); 3 with a day kept verbatim
 * (beyond 2^32 - 1); 4 starts late and has no rates; 5 has no availability at all. */
const IDS = [1, 2, 3, 4, 5]

let m: Mirror
let db: Database.Database
let cleanup: () => void
const page = { quarantined: [], cursor: cursor(1), seenAt: 1, recordHistory: false }

beforeAll(async () => {
  const t = tempDir()
  cleanup = t.cleanup
  m = await openMirror(t.file)
  m.sync.commitPage({ ...page, resource: 'listings', records: IDS.map((id) => makeListing(id)) })
  m.sync.commitPage({
    ...page,
    resource: 'availability',
    records: [
      makeAvailability(1, 60, (_d, i) => ({ ...openDay, available: i % 5 !== 3 })),
      makeAvailability(2, 60, (_d, i) => ({ ...openDay, maxStay: 300 + i })),
      makeAvailability(3, 60, (_d, i) => ({ ...openDay, minStay: i === 7 ? 2 ** 33 : 2 })),
      makeAvailability(4, 30, () => openDay, addDays(TODAY, 20))
    ]
  })
  m.sync.commitPage({
    ...page,
    resource: 'rates',
    records: [1, 2, 3, 5].map((id) => makeRates(id, 40, (_d, i) => 80 + i + (i === 4 ? 0.001 : 0)))
  })
  // A second connection on the same file: the module takes any connection to a mirror.
  db = new Database(t.file, { readonly: true })
})
afterAll(async () => {
  db.close()
  await m.close()
  cleanup()
})

/** Windows from well before the stored spans to well after them, short and long. */
const windows: [number, number][] = []
for (const from of [-10, -1, 0, 3, 19, 25, 45, 59, 60, 80]) {
  for (const nights of [0, 1, 7, 30, 70]) windows.push([START + from, START + from + nights])
}

describe('the packed-window query', () => {
  it('gives every listing the stay window the old statement gave, in id order', () => {
    const old = db.prepare(OLD_STAY)
    for (const [from, to] of windows) {
      expect(stayWindows(db, { from, to }), `${from}..${to}`).toEqual(old.all({ from, to }))
    }
  })

  it('pages the stay windows by id and reads one listing alone, the same rows', () => {
    const from = START + 3
    const to = START + 10
    const all = stayWindows(db, { from, to })
    expect(all.map((r) => r.id)).toEqual(IDS)
    expect([
      ...stayWindows(db, { from, to }, Number.MIN_SAFE_INTEGER, 2),
      ...stayWindows(db, { from, to }, 2, 2),
      ...stayWindows(db, { from, to }, 4, 2)
    ]).toEqual(all)
    for (const row of all) expect(stayWindow(db, { from, to }, row.id)).toEqual(row)
    expect(stayWindow(db, { from, to }, 99)).toBeUndefined()
  })

  it("gives a month's window and the letters' flags as the old statements did", () => {
    const month = db.prepare(OLD_MONTH)
    const letters = db.prepare(OLD_LETTERS).raw()
    for (const [from, to] of windows) {
      for (const id of [...IDS, 99]) {
        expect(monthWindow(db, id, from, to), `${id} ${from}..${to}`).toEqual(
          month.get({ id, from, to })
        )
      }
      expect(flagWindows(db, from, to)).toEqual(letters.all({ from, to }))
      expect(flagWindows(db, from, to, [4, 1, 99])).toEqual(
        letters.all({ from, to }).filter((r) => [1, 4].includes((r as number[])[0]))
      )
    }
  })

  it('decodes each window to the days and nightly prices of the whole stored record', () => {
    // The oracle: the whole record read back from the mirror, packed again in memory.
    const full = new Map<number, { days?: PackedDays; rates?: PackedRates }>()
    for (const id of IDS) {
      const a = m.calendars.availability(id)
      const r = m.calendars.rates(id)
      full.set(id, {
        days: a && encodeDays(a.availability),
        rates: r && encodeRates(r)
      })
    }
    for (const [from, to] of windows) {
      for (const row of stayWindows(db, { from, to })) {
        const whole = full.get(row.id)!
        const days = windowDays(row, from)
        const rates = windowRates(row, from)
        expect(days === undefined, `${row.id}`).toBe(whole.days === undefined)
        expect(rates === undefined, `${row.id}`).toBe(whole.rates === undefined)
        for (let d = from; d <= to; d++) {
          expect(days && dayAt(days, d), `${row.id} day ${d}`).toEqual(
            whole.days && dayAt(whole.days, d)
          )
          if (d < to) {
            expect(rates && centsAt(rates, d), `${row.id} night ${d}`).toEqual(
              whole.rates && centsAt(whole.rates, d)
            )
          }
        }
      }
    }
  })
})
