import type { BookingDetails } from '@shared/api/booking.schema'
import { isOutage } from '@shared/errors'
import type { KeptBooking } from '@shared/ipc/bookings.schema'
import type { ApiClient } from '../../api'
import { AppError, toAppError } from '../../errors'
import type { ProfileContext } from '../context'
import { hubOutageOf } from '../journal/write'

/**
 * Bookings as the support desk reads them: always from the service when it answers, and every
 * read kept in the profile's offline copy with when it was read, so that recent bookings can be
 * opened offline too, clearly marked as a copy from that time.
 */

/** What StayDesk may know about a booking that its read does not carry. */
export interface KeepMeta {
  listingId?: number | null
  ownReference?: string | null
  expiresAt?: string | null
}

/** Reads a booking from the service with `client` and keeps the copy. */
export async function readAndKeep(
  ctx: ProfileContext,
  client: ApiClient,
  id: string,
  meta: KeepMeta = {}
): Promise<KeptBooking> {
  const profile = ctx.profile()
  const booking = await client.booking(id, profile.salesChannel)
  return keep(ctx, booking, meta)
}

/** Keeps a booking as just read, and tells the screens. */
async function keep(
  ctx: ProfileContext,
  booking: BookingDetails,
  meta: KeepMeta = {}
): Promise<KeptBooking> {
  const mirror = await ctx.mirror()
  const summary = mirror.bookings.keep(booking, { fetchedAt: ctx.now(), ...meta })
  ctx.changed(['bookings'])
  return { booking, summary, source: 'live', paymentUrl: paymentLinkOf(ctx, booking) }
}

/**
 * The link where the guest pays a booking awaiting payment. The service gives it only in the
 * create answer, which the audit journal keeps (apart from the mirror, so a rebuild never loses
 * it); its read of the booking does not carry it. Null when StayDesk did not make the booking or
 * the booking no longer awaits payment.
 */
function paymentLinkOf(ctx: ProfileContext, booking: BookingDetails): string | null {
  if (booking.status !== 'pendingPayment') return null
  try {
    const { items } = ctx.journal.list({
      booking: booking.id,
      action: 'create',
      outcome: 'done',
      profileId: ctx.profile().id,
      limit: 5
    })
    for (const e of items) {
      const url = (e.received as { paymentUrl?: unknown } | null)?.paymentUrl
      if (e.bookingId === booking.id && typeof url === 'string' && /^https?:\/\//i.test(url)) {
        return url
      }
    }
  } catch (err) {
    // A journal that can't be read costs the link, not the booking.
    ctx.log('the audit journal could not be read for a payment link', err)
  }
  return null
}

/**
 * Where an own reference no copy on this computer knows is looked up next: on a team hub
 * profile, the team's kept bookings (another agent's booking); undefined when none is known.
 */
export type ReferenceLookup = (reference: string) => Promise<string | undefined>

/**
 * The service's id for what the agent typed: a known own reference (in any case, as ids are
 * typed: this computer's copies first, then `elsewhere`), else the text as an id.
 */
export async function bookingIdFor(
  ctx: ProfileContext,
  key: { id?: string; reference?: string },
  elsewhere?: ReferenceLookup
): Promise<string> {
  return (await resolve(ctx, key, elsewhere)).id
}

async function resolve(
  ctx: ProfileContext,
  key: { id?: string; reference?: string },
  elsewhere?: ReferenceLookup
): Promise<{ id: string; from?: 'copy' | 'team' }> {
  if (key.id !== undefined) return { id: key.id }
  const reference = key.reference!
  const mirror = await ctx.mirror()
  const kept = mirror.bookings.idByReference(reference)
  if (kept !== undefined) return { id: kept, from: 'copy' }
  const team = await elsewhere?.(reference)
  if (team !== undefined) return { id: team, from: 'team' }
  // An unknown reference goes to the service as it is: it accepts own references too.
  return { id: reference }
}

/**
 * What a lookup that found nothing means, said as it is: the service has no such booking for
 * this channel, and StayDesk keeps no copy under it. Bookings are read one at a time from the
 * service; a sync brings listings, never bookings, so it is no remedy.
 */
function notFoundSentence(
  key: { id?: string; reference?: string },
  found: { id: string; from?: 'copy' | 'team' },
  channel: string
): string {
  const { id } = found
  if (key.reference !== undefined && found.from !== undefined) {
    const where = found.from === 'team' ? "the team's kept bookings" : "StayDesk's copy"
    return (
      `Own reference “${key.reference}” is booking ${id} in ${where}, but the service ` +
      `has no booking ${id} for sales channel ${channel} now.`
    )
  }
  if (key.id !== undefined) {
    return (
      `The service has no booking ${key.id} for sales channel ${channel}. Check the id and ` +
      'the profile: a sync does not bring bookings, they are read one at a time by id.'
    )
  }
  return (
    `No booking has own reference “${key.reference}”: StayDesk keeps none under it (in any ` +
    `case) and the service found none for sales channel ${channel}. Check the reference, or ` +
    'open the booking by its id: a sync does not bring bookings.'
  )
}

/**
 * Opens a booking: live when the service answers; when it can't be reached, the kept copy with
 * a note saying so (not an error); when there is no copy either, the outage itself.
 */
export async function openBooking(
  ctx: ProfileContext,
  key: { id?: string; reference?: string },
  elsewhere?: ReferenceLookup
): Promise<KeptBooking> {
  const found = await resolve(ctx, key, elsewhere)
  const { id } = found
  const client = ctx.client()
  try {
    return await readAndKeep(ctx, client, id)
  } catch (err) {
    const e = toAppError(hubOutageOf(ctx.profile(), err))
    if (e.code === 'not-found') {
      throw new AppError('not-found', notFoundSentence(key, found, ctx.profile().salesChannel))
    }
    if (!isOutage(e.code)) throw err
    const kept = (await ctx.mirror()).bookings.get(id)
    if (!kept) {
      throw new AppError(
        e.code,
        `${e.message} StayDesk has no copy of booking ${id} from an earlier read to show instead.`
      )
    }
    return {
      ...kept,
      source: 'copy',
      note: e.message,
      paymentUrl: paymentLinkOf(ctx, kept.booking)
    }
  } finally {
    await client.close().catch(() => undefined)
  }
}

/**
 * After a write: the booking as the service now holds it, kept. A read that fails leaves the
 * answer without it (null) rather than failing the write's report.
 */
export async function rereadQuietly(
  ctx: ProfileContext,
  id: string | null | undefined,
  meta: KeepMeta = {}
): Promise<KeptBooking | null> {
  if (!id) return null
  let client: ApiClient | undefined
  try {
    client = ctx.client()
    return await readAndKeep(ctx, client, id, meta)
  } catch {
    return null
  } finally {
    await client?.close().catch(() => undefined)
  }
}
