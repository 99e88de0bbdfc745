import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'

/**
 * Three screens and one open listing: a router would add a dependency and URL handling that the
 * window's navigation lock (main refuses navigations) gives no use for.
 */
export const SCREENS = [
  { id: 'listings', label: 'Listings', shortcut: '1' },
  { id: 'sync', label: 'Sync', shortcut: '2' },
  { id: 'profiles', label: 'Profiles', shortcut: '3' }
] as const
export type ScreenId = (typeof SCREENS)[number]['id']

interface Navigation {
  screen: ScreenId
  go(screen: ScreenId): void
  /** The listing shown in the details drawer on the Listings screen. */
  listingId: number | null
  openListing(id: number): void
  closeListing(): void
}

const NavigationContext = createContext<Navigation | null>(null)

export function NavigationProvider({ children }: { children: ReactNode }) {
  const [screen, setScreen] = useState<ScreenId>('listings')
  const [listingId, setListingId] = useState<number | null>(null)
  const go = useCallback((s: ScreenId) => setScreen(s), [])
  const openListing = useCallback((id: number) => {
    setScreen('listings')
    setListingId(id)
  }, [])
  const closeListing = useCallback(() => setListingId(null), [])
  const value = useMemo(
    () => ({ screen, go, listingId, openListing, closeListing }),
    [screen, go, listingId, openListing, closeListing]
  )
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>
}

export function useNavigation(): Navigation {
  const nav = useContext(NavigationContext)
  if (!nav) throw new Error('useNavigation outside NavigationProvider')
  return nav
}
