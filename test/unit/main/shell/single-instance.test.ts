import { describe, expect, it } from 'vitest'
import {
  focusWindow,
  holdSingleInstance,
  type FocusableWindow,
  type SingleInstanceApp
} from '../../../../src-main/shell/single-instance'

/**
 * Electron's app as two instances see it: the lock goes to whichever asks first, and a later
 * instance asking makes the holder's app emit 'second-instance'.
 */
function fakeMachine() {
  let holder: ReturnType<typeof instance> | undefined
  function instance() {
    const listeners = new Map<string, (() => void)[]>()
    const self = {
      quits: 0,
      app: {
        requestSingleInstanceLock: () => {
          if (!holder) {
            holder = self
            return true
          }
          for (const fn of holder.listeners.get('second-instance') ?? []) fn()
          return false
        },
        quit: () => void self.quits++,
        on: (event: string, fn: () => void) =>
          void listeners.set(event, [...(listeners.get(event) ?? []), fn])
      } satisfies SingleInstanceApp,
      listeners
    }
    return self
  }
  return { instance }
}

function fakeWindow(state: { minimized?: boolean; destroyed?: boolean } = {}) {
  const calls: string[] = []
  const win: FocusableWindow = {
    isDestroyed: () => state.destroyed ?? false,
    isMinimized: () => state.minimized ?? false,
    restore: () => void calls.push('restore'),
    focus: () => void calls.push('focus')
  }
  return { win, calls }
}

describe('one StayDesk at a time', () => {
  it('the first instance gets the lock and keeps running', () => {
    const first = fakeMachine().instance()
    let focused = 0
    expect(holdSingleInstance(first.app, () => focused++)).toBe(true)
    expect(first.quits).toBe(0)
    expect(focused).toBe(0)
  })

  it('a second instance quits at once and tells the running one to show its window', () => {
    const machine = fakeMachine()
    const first = machine.instance()
    const second = machine.instance()
    let firstFocused = 0
    let secondFocused = 0
    expect(holdSingleInstance(first.app, () => firstFocused++)).toBe(true)
    expect(holdSingleInstance(second.app, () => secondFocused++)).toBe(false)
    expect(second.quits).toBe(1)
    expect(first.quits).toBe(0)
    expect(firstFocused).toBe(1)
    // The second instance listens for nothing: it is on its way out.
    expect(second.listeners.size).toBe(0)
    expect(secondFocused).toBe(0)
  })

  it('each further start focuses the running window again', () => {
    const machine = fakeMachine()
    let focused = 0
    holdSingleInstance(machine.instance().app, () => focused++)
    for (let i = 0; i < 3; i++) holdSingleInstance(machine.instance().app, () => undefined)
    expect(focused).toBe(3)
  })
})

describe('bringing the window forward', () => {
  it('restores a minimized window, then focuses it', () => {
    const { win, calls } = fakeWindow({ minimized: true })
    expect(focusWindow(win)).toBe(true)
    expect(calls).toEqual(['restore', 'focus'])
  })

  it('focuses a window that is not minimized without restoring it', () => {
    const { win, calls } = fakeWindow()
    expect(focusWindow(win)).toBe(true)
    expect(calls).toEqual(['focus'])
  })

  it('reports that there is no window when it is closed or not open yet', () => {
    const { win, calls } = fakeWindow({ destroyed: true })
    expect(focusWindow(win)).toBe(false)
    expect(focusWindow(undefined)).toBe(false)
    expect(calls).toEqual([])
  })

  it('wired together: starting again restores and focuses the minimized window', () => {
    const machine = fakeMachine()
    const { win, calls } = fakeWindow({ minimized: true })
    holdSingleInstance(machine.instance().app, () => focusWindow(win))
    holdSingleInstance(machine.instance().app, () => undefined)
    expect(calls).toEqual(['restore', 'focus'])
  })
})
