import { registerBookingRoutes } from '../bookings/routes'
import { registerEventRoutes } from '../events/routes'
import { registerJournalRoutes } from '../journal/routes'
import type { HubRoutes } from '../server'
import { registerWriteRoutes } from './routes'

/**
 * Part 3 of the hub, registered as one group: writes through the shared journal and the quote
 * (`/<env>/v1/...`), booking reads kept for the team, the journal, kept bookings and the team's
 * events (`/hub/v1/<env>/...`).
 */
export const registerTeamRoutes: HubRoutes = (app, deps) => {
  registerWriteRoutes(app, deps)
  registerBookingRoutes(app, deps)
  registerJournalRoutes(app, deps)
  registerEventRoutes(app, deps)
}
