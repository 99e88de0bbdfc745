import { notifications } from '@mantine/notifications'
import { describeError, headline } from '../ipc/errors'

/**
 * Outcome of an action the user just took: a toast, since the action has no screen of its own.
 * A service outage is not StayDesk's error: it shows in yellow as what it is (the service is
 * unreachable or failing) with the note that the offline copy keeps working.
 */
export function notifyError(action: string, err: unknown): void {
  const d = describeError(err)
  notifications.show({
    color: d.outage ? 'yellow' : 'red',
    title: headline(d, action),
    message: `${d.message} ${d.action}`,
    autoClose: d.outage ? 6_000 : 10_000
  })
}

export function notifyWarning(title: string, message: string): void {
  notifications.show({ color: 'yellow', title, message, autoClose: 8_000 })
}

/** A problem already put in words (several failures summed up), not an error to describe. */
export function notifyProblem(title: string, message: string): void {
  notifications.show({ color: 'red', title, message, autoClose: 10_000 })
}

export function notifySuccess(title: string, message?: string): void {
  notifications.show({ color: 'teal', title, message: message ?? '', autoClose: 4_000 })
}
