import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  clampToDisplays,
  readWindowState,
  windowStateKeeper,
  type Rect,
  type ScreenLike,
  type TrackedWindow
} from '../../../../src-main/shell/window-state'

const primary = { x: 0, y: 0, width: 1920, height: 1040 }
const right = { x: 1920, y: 0, width: 1280, height: 984 }

function screens(...areas: Rect[]): ScreenLike {
  return {
    getAllDisplays: () => areas.map((workArea) => ({ workArea })),
    getPrimaryDisplay: () => ({ workArea: areas[0] })
  }
}

describe('clamping a remembered window to the displays there are now', () => {
  it('keeps a window that fits', () => {
    const s = { x: 100, y: 80, width: 1200, height: 800, maximized: false }
    expect(clampToDisplays(s, screens(primary))).toEqual(s)
  })

  it('centres a window whose display was unplugged on the primary display', () => {
    const s = { x: 2100, y: 100, width: 1000, height: 700, maximized: true }
    expect(clampToDisplays(s, screens(primary))).toEqual({
      x: 460,
      y: 170,
      width: 1000,
      height: 700,
      maximized: true
    })
  })

  it('keeps it on the second display while that one is connected', () => {
    const s = { x: 2100, y: 100, width: 1000, height: 700, maximized: false }
    expect(clampToDisplays(s, screens(primary, right))).toEqual(s)
  })

  it('moves a window hanging off an edge back inside its display', () => {
    const s = { x: 1500, y: 900, width: 1000, height: 700, maximized: false }
    expect(clampToDisplays(s, screens(primary))).toEqual({
      x: 920,
      y: 340,
      width: 1000,
      height: 700,
      maximized: false
    })
  })

  it('shrinks a window larger than the display (resolution went down)', () => {
    const s = { x: 0, y: 0, width: 2560, height: 1440, maximized: false }
    expect(clampToDisplays(s, screens(primary))).toEqual({ ...primary, maximized: false })
  })

  it('does not count a sliver (under 200×100 visible) as visible', () => {
    const s = { x: 1850, y: 100, width: 1000, height: 700, maximized: false }
    expect(clampToDisplays(s, screens(primary)).x).toBe(460)
  })
})

describe('window state file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'staydesk-ws-'))
  const file = join(dir, 'window-state.json')
  afterEach(() => {
    vi.useRealTimers()
    rmSync(file, { force: true })
  })

  it.each([
    ['not JSON', '{oops'],
    ['a wrong shape', JSON.stringify({ x: 'left', y: 0, width: 10, height: 10 })],
    ['absurd sizes', JSON.stringify({ x: 0, y: 0, width: 5, height: 1e9 })]
  ])('ignores %s and opens centred with the default size', (_, text) => {
    writeFileSync(file, text)
    expect(readWindowState(file)).toBeUndefined()
    const keeper = windowStateKeeper({
      file,
      screen: screens(primary),
      defaultSize: { width: 1280, height: 820 }
    })
    expect(keeper.initial()).toEqual({ x: 320, y: 110, width: 1280, height: 820, maximized: false })
  })

  it('saves once after a burst of moves (debounced), and again on close', () => {
    vi.useFakeTimers()
    const writes: string[] = []
    const handlers = new Map<string, () => void>()
    let bounds = { x: 10, y: 10, width: 1000, height: 700 }
    const win: TrackedWindow = {
      getNormalBounds: () => bounds,
      isMaximized: () => false,
      on: (event, fn) => void handlers.set(event, fn)
    }
    const keeper = windowStateKeeper({
      file,
      screen: screens(primary),
      defaultSize: { width: 1280, height: 820 },
      debounceMs: 500,
      write: (_f, text) => void writes.push(text)
    })
    keeper.track(win)
    for (let i = 0; i < 20; i++) {
      bounds = { ...bounds, x: 10 + i }
      handlers.get('move')!()
      vi.advanceTimersByTime(100)
    }
    expect(writes).toHaveLength(0)
    vi.advanceTimersByTime(500)
    expect(writes.map((w) => JSON.parse(w).x)).toEqual([29])
    bounds = { ...bounds, width: 1100 }
    handlers.get('resize')!()
    handlers.get('close')!()
    expect(JSON.parse(writes[1])).toEqual({
      x: 29,
      y: 10,
      width: 1100,
      height: 700,
      maximized: false
    })
    vi.advanceTimersByTime(1000)
    expect(writes).toHaveLength(2)
  })

  it('round-trips through the file and restores within the displays', () => {
    const keeper = windowStateKeeper({
      file,
      screen: screens(primary),
      defaultSize: { width: 1280, height: 820 }
    })
    const handlers = new Map<string, () => void>()
    keeper.track({
      getNormalBounds: () => ({ x: 40, y: 30, width: 1024, height: 700 }),
      isMaximized: () => true,
      on: (event, fn) => void handlers.set(event, fn)
    })
    handlers.get('close')!()
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ x: 40, maximized: true })
    expect(keeper.initial()).toEqual({ x: 40, y: 30, width: 1024, height: 700, maximized: true })
  })
})
