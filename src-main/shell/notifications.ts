import type { Notice } from '@shared/notify/notice'
import type { NotifyFn } from '../features/notify/notifier'
import { focusWindow, type FocusableWindow } from './single-instance'

/** What StayDesk uses of Electron's Notification class (a stand-in in tests). */
export interface NotificationLike {
  on(event: 'click' | 'close', listener: () => void): unknown
  show(): void
}
export type NotificationClass = new (options: { title: string; body: string }) => NotificationLike

/** The window a click brings forward and tells what to open. */
export interface NotifiedWindow extends FocusableWindow {
  webContents: { send(channel: 'app:open', target: Notice['open']): void }
}

/**
 * Desktop notifications through Electron's Notification. A click brings the StayDesk window
 * forward (restored when minimised) and tells it to open the booking or alert ('app:open'), as
 * the window's AppFrame does. Each notification is kept referenced until clicked or closed: one
 * collected early by the garbage collector loses its click handler.
 */
export function electronNotify(
  Notification: NotificationClass,
  windowOf: () => NotifiedWindow | undefined,
  reopenWindow: () => void = () => undefined
): NotifyFn {
  const shown = new Set<NotificationLike>()
  return (notice) => {
    const n = new Notification({ title: notice.title, body: notice.body })
    shown.add(n)
    n.on('close', () => shown.delete(n))
    n.on('click', () => {
      shown.delete(n)
      if (!focusWindow(windowOf())) reopenWindow()
      const win = windowOf()
      if (win && !win.isDestroyed()) win.webContents.send('app:open', notice.open)
    })
    n.show()
  }
}
