import { addDays, daysBetween, type IsoDate } from '@shared/domain/dates'
import { clampDate, mondayColumn, sameDayMonthsOn } from './month-math'

/**
 * The month grid's keyboard and selection, as pure functions: where a key moves the active day
 * (across month ends), and how a range of nights is selected (Shift+arrows extend it, Enter or
 * Space anchors it, Escape clears it; a click does what Enter does on the clicked day).
 *
 * A selection is of nights: the first and last selected cells are the first and last night, so
 * departure is the day after the last selected cell. One selected cell is a one-night stay.
 */

export interface Selection {
  anchor: IsoDate
  focus: IsoDate
  /** Anchored, waiting for the last night: moving the active day moves the range's end. */
  pending: boolean
}

export interface GridState {
  active: IsoDate
  selection: Selection | null
}

export interface DayBounds {
  min: IsoDate
  max: IsoDate
}

/** The day a key moves to from `active`, or null when the key does not move the active day. */
export function keyTarget(key: string, active: IsoDate): IsoDate | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(active, -1)
    case 'ArrowRight':
      return addDays(active, 1)
    case 'ArrowUp':
      return addDays(active, -7)
    case 'ArrowDown':
      return addDays(active, 7)
    case 'Home':
      return addDays(active, -mondayColumn(active))
    case 'End':
      return addDays(active, 6 - mondayColumn(active))
    case 'PageUp':
      return sameDayMonthsOn(active, -1)
    case 'PageDown':
      return sameDayMonthsOn(active, 1)
    default:
      return null
  }
}

export type GridAction =
  | { type: 'move'; to: IsoDate; extend: boolean }
  | { type: 'anchor' }
  | { type: 'click'; date: IsoDate; extend: boolean }
  | { type: 'clear' }

export function gridReduce(state: GridState, action: GridAction, bounds: DayBounds): GridState {
  const sel = state.selection
  switch (action.type) {
    case 'move': {
      const to = clampDate(action.to, bounds.min, bounds.max)
      if (action.extend) {
        return {
          active: to,
          selection: { anchor: sel?.anchor ?? state.active, focus: to, pending: false }
        }
      }
      if (sel?.pending) return { active: to, selection: { ...sel, focus: to } }
      return { ...state, active: to }
    }
    case 'anchor':
      return anchorAt(state, state.active)
    case 'click': {
      const date = clampDate(action.date, bounds.min, bounds.max)
      if (action.extend) {
        return {
          active: date,
          selection: { anchor: sel?.anchor ?? state.active, focus: date, pending: false }
        }
      }
      return anchorAt({ ...state, active: date }, date)
    }
    case 'clear':
      return { ...state, selection: null }
  }
}

/** Enter on a day: ends a pending range there, or starts a new one. */
function anchorAt(state: GridState, date: IsoDate): GridState {
  const sel = state.selection
  if (sel?.pending) return { active: date, selection: { ...sel, focus: date, pending: false } }
  return { active: date, selection: { anchor: date, focus: date, pending: true } }
}

export interface StayRange {
  from: IsoDate
  /** Departure: the day after the last selected night. */
  to: IsoDate
  nights: number
}

export function selectionRange(sel: Selection | null): StayRange | null {
  if (!sel) return null
  const first = sel.anchor < sel.focus ? sel.anchor : sel.focus
  const last = sel.anchor < sel.focus ? sel.focus : sel.anchor
  return { from: first, to: addDays(last, 1), nights: daysBetween(first, last) + 1 }
}

export function isSelected(date: IsoDate, range: StayRange | null): boolean {
  return !!range && date >= range.from && date < range.to
}
