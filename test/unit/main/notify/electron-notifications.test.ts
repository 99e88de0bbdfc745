import { describe, expect, it } from 'vitest'
import type { Notice } from '@shared/notify/notice'
import {
  electronNotify,
  type NotificationLike,
  type NotifiedWindow
} from '../../../../src-main/shell/notifications'

/**
 * Electron's Notification can't run here: a stand-in class records what StayDesk shows and lets
 * the test click it. A click brings the window forward and tells it what to open.
 */
class FakeNotification implements NotificationLike {
  static made: FakeNotification[] = []
  readonly listeners = new Map<string, () => void>()
  shown = false
  constructor(readonly options: { title: string; body: string }) {
    FakeNotification.made.push(this)
  }
  on(event: 'click' | 'close', listener: () => void) {
    this.listeners.set(event, listener)
    return this
  }
  show() {
    this.shown = true
  }
  click() {
    this.listeners.get('click')?.()
  }
}

function fakeWindow(minimized = false) {
  const calls: string[] = []
  const sent: unknown[] = []
  const win: NotifiedWindow = {
    isDestroyed: () => false,
    isMinimized: () => minimized,
    restore: () => void calls.push('restore'),
    focus: () => void calls.push('focus'),
    webContents: { send: (channel, target) => void sent.push([channel, target]) }
  }
  return { win, calls, sent }
}

const NOTICE: Notice = {
  kind: 'payment-deadline',
  title: 'Payment deadline within the hour · Demo',
  body: 'Booking SB10000007 …',
  open: { screen: 'bookings', bookingId: 'SB10000007' }
}

describe('desktop notifications through Electron', () => {
  it('shows the notice with its title and body', () => {
    FakeNotification.made = []
    electronNotify(FakeNotification, () => undefined)(NOTICE)
    expect(FakeNotification.made.map((n) => [n.options, n.shown])).toEqual([
      [{ title: NOTICE.title, body: NOTICE.body }, true]
    ])
  })

  it('a click restores and focuses the window and opens the booking', () => {
    FakeNotification.made = []
    const { win, calls, sent } = fakeWindow(true)
    electronNotify(FakeNotification, () => win)(NOTICE)
    FakeNotification.made[0].click()
    expect(calls).toEqual(['restore', 'focus'])
    expect(sent).toEqual([['app:open', { screen: 'bookings', bookingId: 'SB10000007' }]])
  })

  it('a click with the window closed opens it again', () => {
    FakeNotification.made = []
    let reopened = 0
    electronNotify(
      FakeNotification,
      () => undefined,
      () => void reopened++
    )({ ...NOTICE, open: { screen: 'alerts', alertId: 4 } })
    FakeNotification.made[0].click()
    expect(reopened).toBe(1)
  })
})
