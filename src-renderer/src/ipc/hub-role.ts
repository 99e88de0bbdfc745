import { useQuery } from '@tanstack/react-query'
import { can, roleNeeded, type HubAction } from '@shared/domain/hub-roles'
import { profilesQuery } from '../app/queries'

/** What each action greyed out by role is, in the words of a sentence ("may not cancel bookings"). */
const DOING: Partial<Record<HubAction, string>> = {
  'bookings:cancel': 'cancel bookings',
  'bookings:pay': 'take payments',
  'bookings:create': 'make bookings',
  'quotes:ask': 'ask for quotes',
  'journal:settle': 'settle writes',
  'references:set': 'set listing references'
}

/**
 * Why the active profile's team-hub role may not do `action`, in words to show beside the
 * greyed-out control; null when it may (or when the profile is not a team profile, or its role
 * is not known yet: the hub still refuses, in its own words). The rule is hub-roles' `can`, the
 * one the hub enforces; the role is the one the hub's whoami gave main.
 */
export function useRoleRefusal(action: HubAction): string | null {
  const data = useQuery(profilesQuery).data
  const active = data?.profiles.find((p) => p.id === data.activeId)
  if (!active?.hubRole || can(active.hubRole, action)) return null
  const doing = DOING[action] ?? action
  return `Your role on the team hub (${active.hubRole}) may not ${doing}: it needs the ${roleNeeded(action)} role.`
}
