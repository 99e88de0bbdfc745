import type { ProfileConnection, ProfileKind } from '../profile.schema'

/**
 * Where a profile reaches the service's interface, derived here only. A profile connected
 * "through a team hub" stores the hub's address (https://hub.example.com) as its base URL; the
 * hub serves each environment under its own prefix, so a production profile can never read test
 * data: `<hub>/<env>/v1/...` is the service's interface, `<hub>/hub/v1/...` the hub's own.
 */

interface Stored {
  kind: ProfileKind
  connection?: ProfileConnection
  baseUrl: string
}

/** The hub's address of a stored profile connected through a hub (never the demo's). */
export function hubUrlOf(profile: Stored): string | undefined {
  return profile.connection === 'hub' && profile.kind !== 'demo' ? profile.baseUrl : undefined
}

/**
 * The base the API client joins its `/v1/...` paths to: the service's own base URL, or the
 * hub's environment prefix (`<hub>/test`, `<hub>/production`), so requests go to `<hub>/<env>/v1`.
 */
export function serviceBaseUrlOf(profile: Stored): string {
  const hub = hubUrlOf(profile)
  return hub === undefined ? profile.baseUrl : `${hub}/${profile.kind}`
}
