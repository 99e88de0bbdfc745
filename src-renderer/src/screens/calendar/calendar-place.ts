import type { CalendarView, Route } from '../../app/navigation'
import { isIsoDate, type IsoDate } from '@shared/domain/dates'
import type { Selection } from './grid-nav'
import { isMonth } from './month-math'

/**
 * Where the Calendar screen is: its view, the listing and month of the months view, the start
 * of the timeline. The route carries it when another screen opens the calendar somewhere
 * (openCalendar(id, month)); the screen remembers it per profile, so coming back through the
 * menu (a route without parameters) finds the calendar as it was left.
 */
export interface CalendarPlace {
  view: CalendarView
  listingId: number | null
  month: string | null
  from: string | null
}

export const NO_PLACE: CalendarPlace = { view: 'months', listingId: null, month: null, from: null }

type CalendarRoute = Extract<Route, { screen: 'calendar' }>

/** The remembered place with what the route names laid over it (invalid values ignored). */
export function placeOf(saved: CalendarPlace, route: CalendarRoute): CalendarPlace {
  const next = { ...saved }
  if (route.view === 'months' || route.view === 'timeline') next.view = route.view
  if (route.listingId !== undefined && Number.isInteger(route.listingId) && route.listingId > 0) {
    // Another listing: its own month, unless the route names one.
    if (route.listingId !== saved.listingId) next.month = null
    next.listingId = route.listingId
  }
  if (isMonth(route.month)) next.month = route.month
  if (isIsoDate(route.from)) next.from = route.from
  return next
}

export function routeOf(place: CalendarPlace): CalendarRoute {
  return {
    screen: 'calendar',
    view: place.view,
    ...(place.listingId !== null ? { listingId: place.listingId } : {}),
    ...(place.month !== null ? { month: place.month } : {}),
    ...(place.from !== null ? { from: place.from } : {})
  }
}

export function samePlace(a: CalendarPlace, b: CalendarPlace): boolean {
  return (
    a.view === b.view && a.listingId === b.listingId && a.month === b.month && a.from === b.from
  )
}

/** The month grid's active day and selection, for one listing (another starts afresh). */
export interface GridMemory {
  listingId: number | null
  active: IsoDate | null
  selection: Selection | null
}

export const NO_GRID: GridMemory = { listingId: null, active: null, selection: null }

/** Screen-state keys the views share (CalendarScreen sets the active day a timeline cell opens). */
export const GRID_STATE_KEY = 'calendar.grid'
