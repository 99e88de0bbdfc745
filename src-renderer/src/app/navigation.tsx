import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'

/**
 * Where the window is: a typed route with its parameters, so the palette, links between screens
 * and tests can open any screen directly ({screen: 'bookings', bookingId}). A router would add
 * URL handling that the window's navigation lock (main refuses navigations) gives no use for.
 */
export const SCREENS = [
  { id: 'listings', label: 'Listings', shortcut: '1', group: 'Portfolio' },
  { id: 'availability', label: 'Availability', shortcut: '2', group: 'Portfolio' },
  { id: 'calendar', label: 'Calendar', shortcut: '3', group: 'Portfolio' },
  {
    id: 'overview',
    label: 'Overview',
    shortcut: 'Shift+O',
    group: 'Portfolio',
    words: 'portfolio unavailable occupancy rates gap nights charts months regions'
  },
  {
    id: 'alerts',
    label: 'Alerts',
    shortcut: 'Shift+A',
    group: 'Portfolio',
    words: 'warnings double booking guardrails price drop floor minimum stay'
  },
  { id: 'history', label: 'History', shortcut: '4', group: 'Portfolio' },
  { id: 'references', label: 'References', shortcut: '5', group: 'Portfolio' },
  { id: 'bookings', label: 'Bookings', shortcut: '6', group: 'Support desk' },
  { id: 'quote', label: 'Quote', shortcut: '7', group: 'Support desk' },
  { id: 'journal', label: 'Journal', shortcut: '8', group: 'Support desk' },
  { id: 'sync', label: 'Sync', shortcut: '9', group: 'Set-up' },
  // Ctrl+, as settings are opened in most apps (Ctrl+0 is the menu's zoom reset).
  { id: 'profiles', label: 'Profiles', shortcut: ',', group: 'Set-up' },
  {
    id: 'settings',
    label: 'Settings',
    shortcut: 'Shift+S',
    group: 'Set-up',
    words: 'guardrails rules floor notifications'
  }
] as const
export type ScreenId = (typeof SCREENS)[number]['id']
export const SCREEN_GROUPS = ['Portfolio', 'Support desk', 'Set-up'] as const

/** A stay to quote, as another screen hands it over ("quote this" from a search or a listing). */
export interface QuotePrefill {
  listingId?: number
  from?: string
  to?: string
  adults?: number
  childrenAges?: number[]
}

/** The calendar shows one listing's months, or the portfolio as a timeline. */
export type CalendarView = 'months' | 'timeline'

export type Route =
  /** With a listing id: that listing's full page (Back returns to the table as it was). */
  | { screen: 'listings'; listingId?: number }
  | { screen: 'availability' }
  | { screen: 'calendar'; listingId?: number; month?: string; view?: CalendarView; from?: string }
  | { screen: 'history'; listingId?: number }
  | { screen: 'overview' }
  /** With an alert id: that alert opened (a clicked notification, a link). */
  | { screen: 'alerts'; alertId?: number }
  | { screen: 'settings' }
  | { screen: 'references'; listingId?: number }
  | { screen: 'bookings'; bookingId?: string }
  | { screen: 'quote'; prefill?: QuotePrefill }
  | { screen: 'journal' }
  | { screen: 'sync' }
  | { screen: 'profiles' }
  /** A booking's voucher, alone in the window, as it prints (no navigation around it). */
  | { screen: 'voucher'; bookingId: string }
  /** The downtime pack (today's and the next 3 days' arrivals and departures), alone as it prints. */
  | { screen: 'downtime' }

export interface Navigation {
  route: Route
  /** The screen of the route (the voucher and the downtime pack belong to Bookings). */
  screen: ScreenId
  go(to: ScreenId | Route): void
  /** The listing whose full page the Listings screen shows. */
  listingId: number | null
  openListing(id: number): void
  closeListing(): void
  openBooking(id: string): void
  openQuote(prefill: QuotePrefill): void
  /** A listing's rate calendar, at `month` (YYYY-MM) or the current one. */
  openCalendar(listingId: number, month?: string): void
  /** The recorded changes of one listing, or of the whole portfolio. */
  openHistory(listingId?: number): void
}

const NavigationContext = createContext<Navigation | null>(null)

/** What the app's frame needs: the screen and the ways to move; not the route's details. */
export type NavigationActions = Omit<Navigation, 'route' | 'listingId'>

const ActionsContext = createContext<NavigationActions | null>(null)

function screenOf(route: Route): ScreenId {
  return route.screen === 'voucher' || route.screen === 'downtime' ? 'bookings' : route.screen
}

export function NavigationProvider({ children }: { children: ReactNode }) {
  const [route, setRoute] = useState<Route>({ screen: 'listings' })
  const go = useCallback(
    (to: ScreenId | Route) => setRoute(typeof to === 'string' ? { screen: to } : to),
    []
  )
  const openListing = useCallback(
    (id: number) => setRoute({ screen: 'listings', listingId: id }),
    []
  )
  const closeListing = useCallback(
    () => setRoute((r) => (r.screen === 'listings' ? { screen: 'listings' } : r)),
    []
  )
  const openBooking = useCallback(
    (id: string) => setRoute({ screen: 'bookings', bookingId: id }),
    []
  )
  const openQuote = useCallback(
    (prefill: QuotePrefill) => setRoute({ screen: 'quote', prefill }),
    []
  )
  const openCalendar = useCallback(
    (listingId: number, month?: string) =>
      setRoute({ screen: 'calendar', listingId, view: 'months', ...(month ? { month } : {}) }),
    []
  )
  const openHistory = useCallback(
    (listingId?: number) =>
      setRoute({ screen: 'history', ...(listingId !== undefined ? { listingId } : {}) }),
    []
  )
  const value = useMemo<Navigation>(
    () => ({
      route,
      screen: screenOf(route),
      go,
      listingId: route.screen === 'listings' ? (route.listingId ?? null) : null,
      openListing,
      closeListing,
      openBooking,
      openQuote,
      openCalendar,
      openHistory
    }),
    [route, go, openListing, closeListing, openBooking, openQuote, openCalendar, openHistory]
  )
  // The frame (menu, header, palette) changes with the screen only: a month switched in the
  // calendar or a listing opened changes the route, and redrew all of it for nothing.
  const screen = screenOf(route)
  const actions = useMemo<NavigationActions>(
    () => ({
      screen,
      go,
      openListing,
      closeListing,
      openBooking,
      openQuote,
      openCalendar,
      openHistory
    }),
    [screen, go, openListing, closeListing, openBooking, openQuote, openCalendar, openHistory]
  )
  return (
    <ActionsContext.Provider value={actions}>
      <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>
    </ActionsContext.Provider>
  )
}

export function useNavigationActions(): NavigationActions {
  const actions = useContext(ActionsContext)
  if (!actions) throw new Error('useNavigationActions outside NavigationProvider')
  return actions
}

export function useNavigation(): Navigation {
  const nav = useContext(NavigationContext)
  if (!nav) throw new Error('useNavigation outside NavigationProvider')
  return nav
}
