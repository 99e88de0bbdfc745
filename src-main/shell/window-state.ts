import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { writeFileAtomic } from '../auth/private-files'

/** Where and how big the main window was, saved in userData between runs. */
export const WindowState = z.object({
  x: z.number().int().min(-100_000).max(100_000),
  y: z.number().int().min(-100_000).max(100_000),
  width: z.number().int().min(100).max(100_000),
  height: z.number().int().min(100).max(100_000),
  maximized: z.boolean().default(false)
})
export type WindowState = z.output<typeof WindowState>

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

/** The part of Electron's `screen` used here, so clamping is testable without Electron. */
export interface ScreenLike {
  getAllDisplays(): { workArea: Rect }[]
  getPrimaryDisplay(): { workArea: Rect }
}

/** The part of a BrowserWindow the keeper watches. */
export interface TrackedWindow {
  getNormalBounds(): Rect
  isMaximized(): boolean
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): void
}

/** At least this much of the window must be on a display to count as visible. */
const MIN_VISIBLE = { width: 200, height: 100 }

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y))
  }
}

function centred(size: { width: number; height: number }, area: Rect): Rect {
  const width = Math.min(size.width, area.width)
  const height = Math.min(size.height, area.height)
  return {
    x: area.x + Math.round((area.width - width) / 2),
    y: area.y + Math.round((area.height - height) / 2),
    width,
    height
  }
}

/**
 * Keeps a remembered window reachable: displays get unplugged and resolutions change between
 * runs, and a window restored off-screen looks like an app that did not start. On the display
 * it overlaps most it is shrunk to fit and moved inside; if it overlaps none enough, it is
 * centred on the primary display.
 */
export function clampToDisplays(state: WindowState, screen: ScreenLike): WindowState {
  let best: { area: Rect; visible: number } | undefined
  for (const { workArea } of screen.getAllDisplays()) {
    const o = overlap(state, workArea)
    if (o.width < MIN_VISIBLE.width || o.height < MIN_VISIBLE.height) continue
    const visible = o.width * o.height
    if (!best || visible > best.visible) best = { area: workArea, visible }
  }
  if (!best)
    return { ...centred(state, screen.getPrimaryDisplay().workArea), maximized: state.maximized }
  const area = best.area
  const width = Math.min(state.width, area.width)
  const height = Math.min(state.height, area.height)
  const x = Math.min(Math.max(state.x, area.x), area.x + area.width - width)
  const y = Math.min(Math.max(state.y, area.y), area.y + area.height - height)
  return { x, y, width, height, maximized: state.maximized }
}

/** The saved state, or undefined when there is none or it is not valid (never throws). */
export function readWindowState(file: string): WindowState | undefined {
  try {
    const parsed = WindowState.safeParse(JSON.parse(readFileSync(file, 'utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

export interface WindowStateKeeperOptions {
  file: string
  screen: ScreenLike
  defaultSize: { width: number; height: number }
  debounceMs?: number
  /** Injected for tests; defaults to writeFileAtomic. */
  write?: (file: string, text: string) => void
}

export interface WindowStateKeeper {
  /** Where to open the window: the saved state clamped to today's displays, or centred. */
  initial(): WindowState
  /** Saves the window's bounds after it moves or resizes (debounced) and when it closes. */
  track(win: TrackedWindow): void
  /** Writes a pending save now. */
  flush(): void
}

export function windowStateKeeper(opts: WindowStateKeeperOptions): WindowStateKeeper {
  const write = opts.write ?? ((file, text) => writeFileAtomic(file, text))
  const debounceMs = opts.debounceMs ?? 500
  let timer: NodeJS.Timeout | undefined
  let pending: WindowState | undefined

  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = undefined
    if (!pending) return
    const state = pending
    pending = undefined
    try {
      write(opts.file, JSON.stringify(state))
    } catch {
      // Losing the window position is not worth interrupting the user for.
    }
  }

  return {
    initial: () => {
      const saved = readWindowState(opts.file)
      if (saved) return clampToDisplays(saved, opts.screen)
      return {
        ...centred(opts.defaultSize, opts.screen.getPrimaryDisplay().workArea),
        maximized: false
      }
    },
    track: (win) => {
      const capture = () => {
        // Normal bounds, so un-maximizing next run returns to the size the user chose.
        pending = { ...win.getNormalBounds(), maximized: win.isMaximized() }
      }
      const schedule = () => {
        capture()
        if (timer) clearTimeout(timer)
        timer = setTimeout(flush, debounceMs)
        timer.unref?.()
      }
      for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) {
        win.on(event, schedule)
      }
      win.on('close', () => {
        capture()
        flush()
      })
    },
    flush
  }
}
