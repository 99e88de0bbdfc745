import { startTeamHub, type TeamHub } from '../hub/team-fixture'
import type { HubPlace } from '../hub/fixture'
import { openDesk, type Desk } from '../main/desk-fixture'

/**
 * A team hub over loopback (team-fixture.ts, in front of its demo sandbox) and a desk whose
 * active profile connects through it as `who`: the set-up of the hub-*.test.ts suites.
 */
export async function openTeamDesk(
  place: HubPlace,
  kind: 'test' | 'production',
  who: 'aldo' | 'dino' | 'vera' | 'mara' = 'aldo',
  hub: { catalog?: boolean } = {}
): Promise<{ t: TeamHub; desk: Desk; profileId: string }> {
  const t = await startTeamHub(place, hub)
  const desk = await openDesk()
  const profile = await desk.value('profiles:create', {
    profile: { name: 'Team', kind, connection: 'hub', baseUrl: t.base, salesChannel: 'DEMO' },
    token: t.tokens[who]
  })
  await desk.value('profiles:activate', { id: profile.id })
  return { t, desk, profileId: profile.id }
}
