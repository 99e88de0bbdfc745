import { notifications } from '@mantine/notifications'
import { describeError } from '../ipc/errors'

/** Result of an action the user just took: a toast, since the action has no screen of its own. */
export function notifyError(action: string, err: unknown): void {
  const d = describeError(err)
  notifications.show({
    color: 'red',
    title: `${action}: ${d.title}`,
    message: `${d.message} ${d.action}`,
    autoClose: 10_000
  })
}

export function notifySuccess(title: string, message?: string): void {
  notifications.show({ color: 'teal', title, message: message ?? '', autoClose: 4_000 })
}
