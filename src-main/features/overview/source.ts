import type { IsoDate } from '@shared/domain/dates'
import type { Mirror } from '../../db'
import type { OverviewData } from '../../db/queries/overview'

/**
 * The overview of a mirror: the mirror keeps it per listing and brings it up to date when its
 * data stamp moves, reading only the listings a commit changed (db/queries/overview.ts).
 */
export function overviewOf(mirror: Mirror): { get(today: IsoDate): OverviewData } {
  return { get: (today) => mirror.calendars.overview(today) }
}
