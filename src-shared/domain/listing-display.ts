import type { Listing } from '../api/listing.schema'
import { foldText } from './text'

/**
 * How a listing is named and counted wherever StayDesk shows it: the table, the details, the
 * palette, the CLI. Main stores these values in the mirror's columns and the renderer applies
 * the same rules to a full listing, so the two can never disagree.
 */

/** Display name: the English headline (the service keys languages as `EN`), else the first one, else the reference. */
export function listingName(
  listing: Pick<Listing, 'id' | 'description' | 'referenceNumber'>
): string {
  const description = listing.description ?? {}
  const headline =
    description.EN?.headline ?? Object.values(description).find((d) => d.headline)?.headline
  return headline ?? listing.referenceNumber ?? `Listing ${listing.id}`
}

/** Bedrooms: the published count, else the number of bedrooms described, else unknown. */
export function bedroomCount(listing: Pick<Listing, 'rooms'>): number | null {
  const bedrooms = listing.rooms?.bedrooms
  return bedrooms?.numbers ?? bedrooms?.rooms?.length ?? null
}

/** A place as the service publishes it, in the local language and in English. */
export interface PlaceName {
  local: string | null
  english: string | null
}

export interface ListingPlaces {
  country: PlaceName
  region: PlaceName
  city: PlaceName
}

function place(local: string | undefined, english: string | undefined): PlaceName {
  const l = local?.trim() || null
  const e = english?.trim() || null
  return { local: l ?? e, english: e && e !== l ? e : null }
}

export function listingPlaces(listing: Pick<Listing, 'location'>): ListingPlaces {
  const loc = listing.location
  return {
    country: place(loc?.country, loc?.en?.country),
    region: place(loc?.region, loc?.en?.region),
    city: place(loc?.city, loc?.en?.city)
  }
}

/** "Spain (España)": the English name first when it differs, so either reads. */
export function placeLabel(name: PlaceName): string | null {
  if (!name.local) return null
  return name.english ? `${name.english} (${name.local})` : name.local
}

/**
 * What a place filter matches: the folded local and English names, one per line, so that a
 * prefix typed in either language finds the listing (see the mirror's search).
 */
export function placeKeys(name: PlaceName): string | null {
  const keys = [name.local, name.english].filter((n): n is string => !!n).map(foldText)
  return keys.length > 0 ? [...new Set(keys)].join('\n') : null
}
