import { encodeDays } from '@shared/calendar/packed-days'
import { encodeRates } from '@shared/calendar/packed-rates'
import type { Mirror } from '../../db'
import { OverviewQuery, type OverviewListing, type OverviewRows } from '../../db/queries/overview'

/**
 * The overview of a mirror, one per open mirror (a profile switch opens another), kept until the
 * mirror's data stamp changes (db/queries/overview.ts).
 *
 * The rows come through the mirror's public reads (each listing's records, packed again) since
 * the mirror hands out no connection; db/queries/overview.ts's overviewRows reads the same rows
 * straight from the packed columns, several times faster, once a mirror group offers it.
 */
const queries = new WeakMap<Mirror, OverviewQuery>()

export function overviewOf(mirror: Mirror): OverviewQuery {
  let q = queries.get(mirror)
  if (!q) {
    q = new OverviewQuery(mirrorRows(mirror), () => mirror.sync.dataStamp())
    queries.set(mirror, q)
  }
  return q
}

function mirrorRows(mirror: Mirror): OverviewRows {
  let ids: number[] = []
  return (after, limit) => {
    // The first chunk of a pass reads the ids; the next ones go on from the same list.
    if (after === Number.MIN_SAFE_INTEGER) ids = mirror.listings.filter({}).map((s) => s.id)
    const start = ids.findIndex((id) => id > after)
    if (start < 0) return []
    return ids.slice(start, start + limit).flatMap((id): OverviewListing[] => {
      const listing = mirror.listings.get(id)
      if (!listing) return []
      const availability = mirror.calendars.availability(id)
      const rates = mirror.calendars.rates(id)
      return [
        {
          id,
          name: mirror.listings.summary(id)?.name ?? String(id),
          region: mirror.listings.summary(id)?.region ?? null,
          active: listing.active !== false,
          advanceNotice: listing.advanceNotice ?? 0,
          days: availability ? encodeDays(availability.availability) : undefined,
          rates: rates ? encodeRates(rates) : undefined
        }
      ]
    })
  }
}
