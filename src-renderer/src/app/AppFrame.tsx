import { useCallback, useEffect, useRef, useState } from 'react'
import { Alert, AppShell, Box } from '@mantine/core'
import { useDisclosure, useHotkeys } from '@mantine/hooks'
import type { AppInfo } from '@shared/ipc/app.schema'
import { AlertsScreen } from '../screens/alerts/AlertsScreen'
import { AvailabilityScreen } from '../screens/availability/AvailabilityScreen'
import { BookingsScreen } from '../screens/bookings/BookingsScreen'
import { CalendarScreen } from '../screens/calendar/CalendarScreen'
import { DowntimeOffer } from '../screens/downtime/DowntimeOffer'
import { DowntimeScreen } from '../screens/downtime/DowntimeScreen'
import { HistoryScreen } from '../screens/history/HistoryScreen'
import { JournalScreen } from '../screens/journal/JournalScreen'
import { ListingsScreen } from '../screens/listings/ListingsScreen'
import { OverviewScreen } from '../screens/overview/OverviewScreen'
import { ProfilesScreen } from '../screens/profiles/ProfilesScreen'
import { QuoteScreen } from '../screens/quote/QuoteScreen'
import { ReferencesScreen } from '../screens/references/ReferencesScreen'
import { SettingsScreen } from '../screens/settings/SettingsScreen'
import { SyncScreen } from '../screens/sync/SyncScreen'
import { VoucherScreen } from '../screens/voucher/VoucherScreen'
import { bridge } from '../ipc/client'
import { AboutDialog } from './AboutDialog'
import { CommandPalette } from './CommandPalette'
import { paletteStore } from './palette-store'
import { ErrorBoundary } from './ErrorBoundary'
import { HeaderBar } from './HeaderBar'
import { MainNav } from './MainNav'
import { SCREENS, useNavigation, type ScreenId } from './navigation'
import classes from './AppFrame.module.css'

const SCREEN_COMPONENT: Record<ScreenId, () => React.JSX.Element> = {
  listings: ListingsScreen,
  availability: AvailabilityScreen,
  calendar: CalendarScreen,
  overview: OverviewScreen,
  alerts: AlertsScreen,
  history: HistoryScreen,
  references: ReferencesScreen,
  bookings: BookingsScreen,
  quote: QuoteScreen,
  journal: JournalScreen,
  sync: SyncScreen,
  profiles: ProfilesScreen,
  settings: SettingsScreen
}

export function AppFrame({ info }: { info: AppInfo }) {
  const nav = useNavigation()
  const [navOpened, { toggle, close }] = useDisclosure(false)
  const production = info.profile.kind === 'production'
  const mainRef = useRef<HTMLElement>(null)
  const firstRender = useRef(true)
  // Shown on every screen until the user closes it: it explains missing profiles.
  const [noticeOpen, setNoticeOpen] = useState(true)
  const [aboutOpen, setAboutOpen] = useState(false)
  const openAbout = useCallback(() => setAboutOpen(true), [])

  // Help › About in the native menu.
  useEffect(
    () =>
      bridge()?.on('app:menu', ({ item }) => {
        if (item === 'about') setAboutOpen(true)
      }),
    []
  )

  // A clicked desktop notification opens what it was about.
  const { openBooking, go } = nav
  useEffect(
    () =>
      bridge()?.on('app:open', (target) => {
        if (target.screen === 'bookings') openBooking(target.bookingId)
        else go({ screen: 'alerts', alertId: target.alertId })
      }),
    [openBooking, go]
  )

  // Ctrl/Cmd+1..9 and Ctrl/Cmd+, work everywhere, inside text boxes too: they don't type anything. Not under
  // the open palette, though: the screen would change behind it.
  useHotkeys(
    SCREENS.map(
      (s) =>
        [
          `mod+${s.shortcut}`,
          () => {
            if (!paletteStore.getState().opened) nav.go(s.id)
          }
        ] as [string, () => void]
    ),
    []
  )

  // Moving to another screen moves keyboard focus to it, so Tab continues there.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    mainRef.current?.focus()
  }, [nav.screen])

  const Screen = SCREEN_COMPONENT[nav.screen]
  // The voucher is a page of its own: what prints (or goes to PDF) is only the voucher.
  if (nav.route.screen === 'voucher') {
    return (
      <ErrorBoundary area="Voucher" resetKey={nav.route.bookingId}>
        <VoucherScreen bookingId={nav.route.bookingId} />
      </ErrorBoundary>
    )
  }
  // The downtime pack too: a sheet to print or save as PDF when the service is out of reach.
  if (nav.route.screen === 'downtime') {
    return (
      <ErrorBoundary area="Downtime pack" resetKey="downtime">
        <DowntimeScreen />
      </ErrorBoundary>
    )
  }
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell.Header
        data-testid="app-header"
        data-profile-kind={info.profile.kind}
        className={production ? classes.productionHeader : undefined}
      >
        <HeaderBar profile={info.profile} navOpened={navOpened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="xs" className={production ? classes.productionNav : undefined}>
        <MainNav version={info.version} onNavigate={close} onAbout={openAbout} />
      </AppShell.Navbar>
      <AppShell.Main
        id="main-content"
        ref={mainRef}
        tabIndex={-1}
        className={classes.main}
        data-screen={nav.screen}
      >
        <Box maw={1400} mx="auto">
          {info.notice && noticeOpen && (
            <Alert
              color="yellow"
              title={info.notice.title}
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setNoticeOpen(false)}
              mb="md"
              data-testid="startup-notice"
            >
              {info.notice.message}
            </Alert>
          )}
          {/* The service out of reach: the downtime pack is offered above whatever screen is up. */}
          <DowntimeOffer screen={nav.screen} />
          <ErrorBoundary
            area={SCREENS.find((s) => s.id === nav.screen)!.label}
            resetKey={nav.screen}
          >
            <Screen />
          </ErrorBoundary>
        </Box>
      </AppShell.Main>
      <CommandPalette onAbout={openAbout} />
      <AboutDialog opened={aboutOpen} onClose={() => setAboutOpen(false)} />
    </AppShell>
  )
}
