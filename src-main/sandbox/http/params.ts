import type { Listing } from '@shared/api'
import type { SandboxStore } from '../types'
import { badRequest, notFound } from './errors'

/** Path parameters shared by several route modules. */

export function parseListingId(text: string): number {
  if (!/^[1-9]\d{0,9}$/.test(text)) throw badRequest('listingId: must be a positive whole number')
  return Number(text)
}

/** Parses the id and checks the listing exists: unknown listings are 404 everywhere. */
export function knownListingId(store: SandboxStore, text: string): number {
  const id = parseListingId(text)
  requireListing(store, id)
  return id
}

export function requireListing(store: SandboxStore, id: number): Listing {
  const listing = store.listing(id)
  if (!listing) throw notFound(`listingId: listing ${id} not found`)
  return listing
}
