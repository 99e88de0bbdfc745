import { encodeDays } from '@shared/calendar/packed-days'
import { encodeRates } from '@shared/calendar/packed-rates'
import type { Mirror } from '../../db'
import { OverviewQuery, type OverviewSource, type Print } from '../../db/queries/overview'

/**
 * The overview of a mirror, one per open mirror (a profile switch opens another), brought up to
 * date when the mirror's data stamp moves (db/queries/overview.ts).
 *
 * Stop-gap: the mirror hands out no connection and no group offers the overview's rows yet, so
 * the rows come through its public reads (each listing's records decoded, then packed again)
 * and every listing is worked out again after each commit. db/queries/overview.ts's
 * overviewSource reads the packed columns and only the listings that changed: at 10,000
 * listings that is the difference between tens of seconds and a fraction of one
 * (`npm run bench -- overview`), so the mirror should offer it (see the overview's notes).
 */
const queries = new WeakMap<Mirror, OverviewQuery>()

export function overviewOf(mirror: Mirror): OverviewQuery {
  let q = queries.get(mirror)
  if (!q) {
    q = new OverviewQuery(publicSource(mirror), () => mirror.sync.dataStamp())
    queries.set(mirror, q)
  }
  return q
}

function publicSource(mirror: Mirror): OverviewSource {
  let commits = 0
  return {
    fingerprints: () => {
      // No seen_at through the public reads: every listing counts as changed at each commit.
      const changed = ++commits
      return mirror.listings
        .filter({})
        .map((s): Print => [s.id, changed, null, null])
        .sort((a, b) => a[0] - b[0])
    },
    read: (ids) =>
      ids.flatMap((id) => {
        const listing = mirror.listings.get(id)
        const summary = mirror.listings.summary(id)
        if (!listing || !summary) return []
        const availability = mirror.calendars.availability(id)
        const rates = mirror.calendars.rates(id)
        return [
          {
            id,
            name: summary.name,
            region: summary.region,
            active: listing.active !== false,
            advanceNotice: listing.advanceNotice ?? 0,
            days: availability ? encodeDays(availability.availability) : undefined,
            rates: rates ? encodeRates(rates) : undefined
          }
        ]
      })
  }
}
