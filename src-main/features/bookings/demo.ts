import { DEMO_PROFILE_ID } from '../../profiles/profile-store'
import type { ProfileContext } from '../context'
import { readAndKeep } from './open'

/** A booking of the embedded demo service, as the sandbox announces them when it starts. */
export interface DemoBooking {
  id: string
  listingId: number
  ownReference?: string
  expiresAt?: string
}

/**
 * The demo profile starts with the demo service's bookings in its recent list: support work
 * starts from a booking, and the service has no way to list them. Each is read over HTTP like
 * any lookup and kept; nothing happens when the list already holds them (later starts), and a
 * booking that fails to read is simply left out.
 */
export async function keepDemoBookings(
  ctx: ProfileContext,
  bookings: readonly DemoBooking[]
): Promise<number> {
  if (ctx.profile().id !== DEMO_PROFILE_ID || bookings.length === 0) return 0
  const mirror = await ctx.mirror()
  const missing = bookings.filter((b) => !mirror.bookings.get(b.id))
  if (missing.length === 0) return 0
  const client = ctx.client()
  let kept = 0
  try {
    for (const b of missing) {
      if (ctx.profile().id !== DEMO_PROFILE_ID) break
      try {
        await readAndKeep(ctx, client, b.id, {
          listingId: b.listingId,
          ownReference: b.ownReference ?? null,
          expiresAt: b.expiresAt ?? null
        })
        kept++
      } catch {
        // Left out of the list; opening it by id later says why.
        ctx.log(`demo booking ${b.id} could not be read`)
      }
    }
  } finally {
    await client.close().catch(() => undefined)
  }
  return kept
}
