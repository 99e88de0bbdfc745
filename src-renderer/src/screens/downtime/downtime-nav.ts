import type { NavigationActions, ScreenId } from '../../app/navigation'

/**
 * Where the downtime pack was opened from, so its Back button returns there: the route
 * `{screen: 'downtime'}` carries nothing, and the pack is opened from the first screen's offer as
 * well as from the command palette (Bookings by default).
 */
let openedFrom: ScreenId = 'bookings'

export function openDowntimePack(nav: Pick<NavigationActions, 'go'>, from: ScreenId): void {
  openedFrom = from
  nav.go({ screen: 'downtime' })
}

export function leaveDowntimePack(nav: Pick<NavigationActions, 'go'>): void {
  const back = openedFrom
  openedFrom = 'bookings'
  nav.go(back)
}
