import { stringify } from 'csv-stringify/sync'
import type { z } from 'zod'
import { isOutage } from '@shared/errors'
import type { SavedFile } from '@shared/ipc/saved-file.schema'
import {
  GLANCE_MISSING_WORDS,
  LOWEST_PRICE_NIGHTS,
  type GlanceMissing,
  type ListingExportInput,
  type ListingGlance,
  type ListingPage
} from '@shared/ipc/listings.schema'
import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { fetchImage } from '../../api/images'
import type { Mirror } from '../../db'
import { toAppError } from '../../errors'
import type { FileDeps } from '../context'
import { saveCsv } from '../save-csv'
import type { ProfileContext } from '../context'

/** The full listing page: the listing as kept, its reference on the channel and its data age. */
export function listingPage(mirror: Mirror, id: number): ListingPage | null {
  const listing = mirror.listings.get(id)
  if (!listing) return null
  const synced = (r: (typeof SYNC_RESOURCES)[number]) =>
    mirror.sync.cursor(r)?.lastSuccessAt ?? null
  return {
    listing,
    reference: mirror.kept.reference(id) ?? null,
    seenAt: mirror.kept.seenAt(id),
    syncedAt: {
      listings: synced('listings'),
      availability: synced('availability'),
      rates: synced('rates')
    }
  }
}

function dataUrl(contentType: string, bytes: Uint8Array): string {
  return `data:${contentType};base64,${Buffer.from(bytes).toString('base64')}`
}

/**
 * One of a listing's images. A kept copy of the same address is shown as it is (images don't
 * change under one address); otherwise main fetches it, keeps it for offline viewing and hands
 * the window a data: URL. When it can't be fetched (offline, the address answers no image), an
 * older copy of that image is better than none; with no copy at all the answer is null and the
 * page says the image can't be shown.
 */
export async function listingImage(
  ctx: ProfileContext,
  id: number,
  index: number
): Promise<{ dataUrl: string; fromCopy: boolean; fetchedAt: number } | null> {
  const mirror = await ctx.mirror()
  const url = mirror.listings.get(id)?.images?.[index]?.url
  const kept = mirror.kept.image(id, index)
  if (kept && (url === undefined || kept.url === url)) {
    return {
      dataUrl: dataUrl(kept.contentType, kept.bytes),
      fromCopy: true,
      fetchedAt: kept.fetchedAt
    }
  }
  if (url === undefined) return null
  try {
    const image = await fetchImage(url, undefined, ctx.network)
    const fetchedAt = ctx.now()
    mirror.kept.keepImage(id, index, { url, ...image, fetchedAt })
    return { dataUrl: dataUrl(image.contentType, image.bytes), fromCopy: false, fetchedAt }
  } catch (err) {
    const e = toAppError(err)
    if (e.unexpected) throw err
    if (!isOutage(e.code)) ctx.log(`listing ${id} image ${index} could not be shown: ${e.message}`)
    if (kept) {
      return {
        dataUrl: dataUrl(kept.contentType, kept.bytes),
        fromCopy: true,
        fetchedAt: kept.fetchedAt
      }
    }
    return null
  }
}

const LISTING_CSV_COLUMNS = [
  'id',
  'referenceNumber',
  'name',
  'city',
  'region',
  'country',
  'maxGuest',
  'bedrooms',
  'bookingType',
  'active'
] as const

/**
 * The figures at a glance (listing-glance.ts), after the summary's columns: the lowest price in
 * euros with two decimals (the service's own unit), the minimum stay in nights, the next arrival
 * as YYYY-MM-DD. A spreadsheet sums and sorts these, so each holds its kind of value or nothing;
 * why a figure is missing is said in words ("none open", "no rate") in a column of its own.
 */
const GLANCE_CSV_COLUMNS = [
  `lowestNightlyEurNext${LOWEST_PRICE_NIGHTS}Nights`,
  'lowestRateMissing',
  'minStayNights',
  'nextArrival',
  'nextArrivalMissing'
] as const

/** Why a figure is missing, in the table's words; empty when it is given. */
function missingWords(why: GlanceMissing | null): string {
  return why === null ? '' : GLANCE_MISSING_WORDS[why]
}

function glanceCells(g: ListingGlance | undefined): string[] {
  if (!g) return GLANCE_CSV_COLUMNS.map(() => '')
  return [
    g.lowestCents === null ? '' : (g.lowestCents / 100).toFixed(2),
    missingWords(g.lowestMissing),
    g.minStayNights === null ? '' : String(g.minStayNights),
    g.nextArrival ?? '',
    missingWords(g.arrivalMissing)
  ]
}

/**
 * The filtered, sorted portfolio as CSV: a header row, then one row per listing. Names come from
 * the service, so a cell that a spreadsheet would run as a formula is escaped.
 */
function listingsCsv(
  mirror: Mirror,
  input: z.output<typeof ListingExportInput>,
  today: string
): { text: string; rows: number } {
  const { sort, ...filter } = input
  const { items: rows } = mirror.listings.search({
    ...filter,
    sort,
    glance: true,
    today,
    offset: 0,
    limit: Number.MAX_SAFE_INTEGER
  })
  const text = stringify(
    rows.map((r) => [
      ...LISTING_CSV_COLUMNS.map((c) => (r[c] === null ? '' : String(r[c]))),
      ...glanceCells(r.glance)
    ]),
    {
      header: true,
      columns: [...LISTING_CSV_COLUMNS, ...GLANCE_CSV_COLUMNS],
      escape_formulas: true
    }
  )
  return { text, rows: rows.length }
}

/** Asks where to save the filtered portfolio and writes it there. */
export async function exportListings(
  mirror: Mirror,
  files: FileDeps,
  input: z.output<typeof ListingExportInput>,
  today: string
): Promise<SavedFile> {
  const { text, rows } = listingsCsv(mirror, input, today)
  return { file: await saveCsv(files, `StayDesk listings ${today}.csv`, text), rows }
}
