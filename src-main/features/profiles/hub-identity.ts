import { hubClientOf } from '../../profiles/hub-client'
import type { AppContext } from '../context'

/** Profiles whose hub was asked this run: asked once, again only on activation or a new token. */
const asked = new Set<string>()

/**
 * Asks the team hub who a hub profile's token is (whoami) and keeps the answer in main, where
 * the window reads the role from the profile's view to grey out what it may not do. In the
 * background and never failing: a hub out of reach leaves the role unknown (nothing greyed out;
 * the hub still refuses what the role may not do, in its own words).
 */
export async function refreshHubIdentity(ctx: AppContext, id: string): Promise<void> {
  const profile = ctx.profiles.get(id)
  const token = ctx.profiles.token(id)
  if (profile?.hubUrl === undefined || token === undefined) return
  asked.add(id)
  const hub = hubClientOf({ ...profile, hubUrl: profile.hubUrl }, token, {
    network: ctx.network
  })
  try {
    const who = await hub.whoami()
    if (ctx.profiles.get(id) === undefined) return
    ctx.profiles.noteHubIdentity(id, who)
    ctx.emit('profiles:changed', { activeId: ctx.profiles.active().id })
  } catch (err) {
    ctx.log(`the team hub of profile ${id} could not say who its token is`, err)
  } finally {
    await hub.close().catch(() => undefined)
  }
}

/** The first time the window lists the profiles, the active hub profile's role is asked. */
export function askHubIdentityOnce(ctx: AppContext): void {
  const active = ctx.profiles.active()
  if (active.hubUrl === undefined || active.hubRole !== undefined || asked.has(active.id)) return
  void refreshHubIdentity(ctx, active.id)
}

/** A new token or an activation asks again. */
export function forgetHubIdentityAsked(id: string): void {
  asked.delete(id)
}
