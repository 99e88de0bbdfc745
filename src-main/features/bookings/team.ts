import { BookingDetails } from '@shared/api/booking.schema'
import { eurToCents } from '@shared/domain/money'
import { foldText } from '@shared/domain/text'
import { isOutage } from '@shared/errors'
import type { HubBookingsPage } from '@shared/hub/answers'
import { HUB_UNREACHABLE } from '@shared/hub/words'
import type {
  RecentBooking,
  RecentBookings,
  RecentBookingsInput
} from '@shared/ipc/bookings.schema'
import type { z } from 'zod'
import { toAppError } from '../../errors'
import type { Mirror } from '../../db/mirror'
import type { AppContext } from '../context'
import { activeHub, withHub } from '../journal/team'

/**
 * Bookings on a team hub profile: the team's kept bookings (every booking anyone on the team
 * read or wrote through the hub), found by id, own reference, guest name or e-mail, so an own
 * reference another agent made resolves here too, and the recent list's search finds what any
 * agent opened. The hub out of reach is an outage: the copies kept on this computer still list.
 */

type RecentFilter = z.input<typeof RecentBookingsInput>
type KeptAtHub = HubBookingsPage['items'][number]

/** The hub's largest page of kept bookings (src-hub/bookings/routes.ts). */
const HUB_PAGE_MAX = 200

/** How many of the team's matches main narrows by status, listing or dates (five pages). */
const TEAM_NARROW_MAX = 1000

/**
 * The booking id the team hub keeps under an own reference, in any case (the spelling typed
 * first), or undefined: not a team profile, no such reference kept, or the hub out of reach (the
 * service is then asked with the reference as it is, and says what it knows).
 */
export async function teamBookingIdFor(
  ctx: AppContext,
  reference: string
): Promise<string | undefined> {
  if (!activeHub(ctx)) return undefined
  try {
    // The hub's search is by prefix, most recently kept first: its largest page, so that the
    // reference itself is among them even when many others start with it.
    const page = await withHub(ctx, (hub) => hub.bookings(reference, { limit: HUB_PAGE_MAX }))
    const typed = (r: string | null) => r === reference
    const anyCase = (r: string | null) => r?.toLowerCase() === reference.toLowerCase()
    return (
      page.items.find((b) => typed(b.ownReference)) ??
      page.items.find((b) => anyCase(b.ownReference))
    )?.bookingId
  } catch (err) {
    ctx.log(`own reference not looked up at the team hub: ${toAppError(err).message}`)
    return undefined
  }
}

/**
 * A kept booking of the team as a row of the recent list. The hub knows the listing of a booking
 * made through it only (the service's read carries none): for the others it is found as this
 * desk finds its own copies' (repos/bookings.ts listingAt), by the property's position in this
 * desk's mirror, so the Listing column and filter work on every row.
 */
function rowOf(k: KeptAtHub, mirror: Mirror): RecentBooking {
  const details = BookingDetails.safeParse(k.details)
  const d = details.success ? details.data : undefined
  const amount = d?.payment?.amount
  const keptAt = Date.parse(k.keptAt)
  const address = d?.propertyAddress
  const listingId = k.listingId ?? mirror.bookings.listingAt(address?.latitude, address?.longitude)
  return {
    id: k.bookingId,
    status: k.status,
    paymentStatus: d?.paymentStatus ?? null,
    guestName: k.guestName,
    checkIn: k.checkIn,
    checkOut: k.checkOut,
    listingId,
    listingName: listingId === null ? null : (mirror.listings.summary(listingId)?.name ?? null),
    ownReference: k.ownReference,
    totalCents: amount === undefined ? null : eurToCents(amount),
    expiresAt: null,
    fetchedAt: keptAt,
    keptBy: k.keptBy,
    keptAt
  }
}

/** The filters besides the search, as the desk's own list applies them (recent-bookings.ts). */
function narrows(f: RecentFilter): boolean {
  return !!(f.status?.trim() || f.guest?.trim() || f.listing?.trim() || f.from || f.to)
}

function matches(f: RecentFilter, b: RecentBooking): boolean {
  const status = f.status?.trim()
  if (status && b.status !== status) return false
  const guest = foldText(f.guest ?? '')
  if (guest) {
    const name = foldText(b.guestName ?? '')
    if (!name.startsWith(guest) && !name.split(' ').some((w) => w.startsWith(guest))) return false
  }
  const listing = foldText(f.listing ?? '')
  if (listing) {
    const byId = /^\d+$/.test(listing) && b.listingId === Number(listing)
    if (!byId && !foldText(b.listingName ?? '').startsWith(listing)) return false
  }
  if (f.to !== undefined && (b.checkIn === null || b.checkIn > f.to)) return false
  if (f.from !== undefined && (b.checkOut === null || b.checkOut < f.from)) return false
  return true
}

/**
 * The recent list on a team profile with a search: the team's kept bookings matching it, paged
 * at the hub with its count. Other filters narrow the first 1,000 matches here (the hub's search
 * knows only the text). The hub out of reach: this computer's copies, with a line saying why.
 */
export async function teamRecent(ctx: AppContext, filter: RecentFilter): Promise<RecentBookings> {
  const search = filter.search!.trim()
  const limit = filter.limit ?? 100
  const offset = filter.offset ?? 0
  const mirror = await ctx.mirror()
  try {
    if (!narrows(filter)) {
      const page = await withHub(ctx, (hub) =>
        hub.bookings(search, { limit: Math.min(limit, HUB_PAGE_MAX), offset })
      )
      return { total: page.total, items: page.items.map((k) => rowOf(k, mirror)), source: 'team' }
    }
    const found: RecentBooking[] = []
    let matching = 0
    await withHub(ctx, async (hub) => {
      for (let at = 0; at < TEAM_NARROW_MAX; at += HUB_PAGE_MAX) {
        const page = await hub.bookings(search, { limit: HUB_PAGE_MAX, offset: at })
        found.push(...page.items.map((k) => rowOf(k, mirror)))
        matching = page.total
        if (at + HUB_PAGE_MAX >= page.total) break
      }
    })
    const kept = found.filter((b) => matches(filter, b))
    const note =
      matching > found.length
        ? `${matching.toLocaleString('en')} of the team's bookings match the search; the ` +
          `other filters were applied to the ${found.length.toLocaleString('en')} kept most ` +
          'recently. Type more of the search to narrow it.'
        : undefined
    return {
      total: kept.length,
      items: kept.slice(offset, offset + limit),
      source: 'team',
      ...(note && { note })
    }
  } catch (err) {
    const e = toAppError(err)
    if (!isOutage(e.code)) throw err
    // Searched as the hub searches (id, own reference, guest or e-mail), not by guest alone.
    return {
      ...mirror.bookings.recent(filter),
      source: 'local',
      note:
        `${HUB_UNREACHABLE}, so the team's bookings can't be searched now: these are the ` +
        'copies kept on this computer whose id, own reference, guest name or e-mail starts ' +
        'with what you typed.'
    }
  }
}
