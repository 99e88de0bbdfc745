import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'

/**
 * Where the window is: a typed route with its parameters, so the palette, links between screens
 * and tests can open any screen directly ({screen: 'bookings', bookingId}). A router would add
 * URL handling that the window's navigation lock (main refuses navigations) gives no use for.
 */
export const SCREENS = [
  { id: 'listings', label: 'Listings', shortcut: '1' },
  { id: 'bookings', label: 'Bookings', shortcut: '2' },
  { id: 'quote', label: 'Quote', shortcut: '3' },
  { id: 'journal', label: 'Journal', shortcut: '4' },
  { id: 'sync', label: 'Sync', shortcut: '5' },
  { id: 'profiles', label: 'Profiles', shortcut: '6' }
] as const
export type ScreenId = (typeof SCREENS)[number]['id']

/** A stay to quote, as another screen hands it over ("quote this" from a search or a listing). */
export interface QuotePrefill {
  listingId?: number
  from?: string
  to?: string
  adults?: number
  childrenAges?: number[]
}

export type Route =
  | { screen: 'listings'; listingId?: number }
  | { screen: 'bookings'; bookingId?: string }
  | { screen: 'quote'; prefill?: QuotePrefill }
  | { screen: 'journal' }
  | { screen: 'sync' }
  | { screen: 'profiles' }
  /** A booking's voucher, alone in the window, as it prints (no navigation around it). */
  | { screen: 'voucher'; bookingId: string }

export interface Navigation {
  route: Route
  /** The screen of the route (the voucher belongs to Bookings). */
  screen: ScreenId
  go(to: ScreenId | Route): void
  /** The listing shown in the details drawer on the Listings screen. */
  listingId: number | null
  openListing(id: number): void
  closeListing(): void
  openBooking(id: string): void
  openQuote(prefill: QuotePrefill): void
}

const NavigationContext = createContext<Navigation | null>(null)

export function screenOf(route: Route): ScreenId {
  return route.screen === 'voucher' ? 'bookings' : route.screen
}

export function NavigationProvider({ children }: { children: ReactNode }) {
  const [route, setRoute] = useState<Route>({ screen: 'listings' })
  const go = useCallback(
    (to: ScreenId | Route) => setRoute(typeof to === 'string' ? { screen: to } : to),
    []
  )
  const openListing = useCallback((id: number) => setRoute({ screen: 'listings', listingId: id }), [])
  const closeListing = useCallback(
    () => setRoute((r) => (r.screen === 'listings' ? { screen: 'listings' } : r)),
    []
  )
  const openBooking = useCallback((id: string) => setRoute({ screen: 'bookings', bookingId: id }), [])
  const openQuote = useCallback((prefill: QuotePrefill) => setRoute({ screen: 'quote', prefill }), [])
  const value = useMemo<Navigation>(
    () => ({
      route,
      screen: screenOf(route),
      go,
      listingId: route.screen === 'listings' ? (route.listingId ?? null) : null,
      openListing,
      closeListing,
      openBooking,
      openQuote
    }),
    [route, go, openListing, closeListing, openBooking, openQuote]
  )
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>
}

export function useNavigation(): Navigation {
  const nav = useContext(NavigationContext)
  if (!nav) throw new Error('useNavigation outside NavigationProvider')
  return nav
}
