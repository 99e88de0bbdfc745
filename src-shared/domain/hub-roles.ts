/**
 * What each role of a team hub may do: the one rule. The hub enforces it on every request and a
 * desk on a team profile greys out what its user's role may not do, so both read it from here.
 *
 * Roles are ranked, each one able to do everything the one below it can: a viewer reads, an
 * agent also asks quotes and creates, pays and cancels bookings (and settles their unknown
 * outcomes), a manager also sets listing references, an admin also manages users and tokens.
 * Actions are named like the IPC domains (`<domain>:<verb>`), so a desk command maps to its
 * action by name.
 */

export const HUB_ROLES = ['viewer', 'agent', 'manager', 'admin'] as const
export type HubRole = (typeof HUB_ROLES)[number]

/** Each action and the least role that may do it. */
const LEAST_ROLE = {
  'listings:read': 'viewer',
  'availability:read': 'viewer',
  'calendar:read': 'viewer',
  'history:read': 'viewer',
  'sync:read': 'viewer',
  'bookings:read': 'viewer',
  'references:read': 'viewer',
  'journal:read': 'viewer',
  'quotes:ask': 'agent',
  'bookings:create': 'agent',
  'bookings:pay': 'agent',
  'bookings:cancel': 'agent',
  'journal:settle': 'agent',
  'references:set': 'manager',
  'users:manage': 'admin'
} as const satisfies Record<string, HubRole>

export type HubAction = keyof typeof LEAST_ROLE
export const HUB_ACTIONS = Object.keys(LEAST_ROLE) as HubAction[]

export function isHubRole(value: string): value is HubRole {
  return (HUB_ROLES as readonly string[]).includes(value)
}

/** The least role that may do `action`. */
export function roleNeeded(action: HubAction): HubRole {
  return LEAST_ROLE[action]
}

export function can(role: HubRole, action: HubAction): boolean {
  return HUB_ROLES.indexOf(role) >= HUB_ROLES.indexOf(LEAST_ROLE[action])
}

/** "an agent", "a viewer": the article a role takes in a sentence. */
function roleWithArticle(role: HubRole): string {
  return `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`
}

/** Why `name` may not do `action`, in the words the hub answers with and a desk shows. */
export function refusalMessage(action: HubAction, name: string, role: HubRole): string {
  return `${action} needs the ${roleNeeded(action)} role; ${name} is ${roleWithArticle(role)}`
}

const REFUSAL = new RegExp(`^[a-z:-]+ needs the (${HUB_ROLES.join('|')}) role; .+ is an? [a-z]+$`)

/** Whether a 403's message is the hub's own refusal by role (refusalMessage's words). */
export function isRoleRefusal(message: string): boolean {
  return REFUSAL.test(message)
}
