import { stayWindowProblem } from '@shared/domain/stay-limits'
import { AppError } from '../errors'

/**
 * A stay outside what the service publishes (availability from today for two years) is refused
 * with the window on its date field: judged, its unknown nights read as "booked or closed" on
 * every listing.
 */
export function refuseOutsideWindow(stay: { from: string; to: string }, today: string): void {
  const outside = stayWindowProblem(stay, today)
  if (outside) throw new AppError('bad-input', outside.message, { field: outside.field })
}
