import './zod-config'
import '@mantine/core/styles.css'
import '@mantine/dates/styles.css'
import '@mantine/notifications/styles.css'
import '@mantine/spotlight/styles.css'
import '@mantine/charts/styles.css'
import './app/global.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { MantineProvider } from '@mantine/core'
import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { App } from './app/App'
import { setAppState } from './app/app-state'
import { ErrorBoundary } from './app/ErrorBoundary'
import { NavigationProvider } from './app/navigation'
import { colorSchemeManager, cssVariablesResolver, theme } from './app/theme'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Every read is a local IPC call to the mirror; retrying a failed one just delays the
      // message. Freshness comes from main's events, not from focus or timers.
      retry: false,
      staleTime: 30_000,
      refetchOnWindowFocus: false
    },
    // A settled write leaves the cache at once once no screen shows it (default: 5 minutes),
    // so what was typed into it (a reason, a note) is not kept in the window's memory.
    mutations: { retry: false, gcTime: 0 }
  }
})

setAppState('loading')

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <Notifications position="bottom-right" limit={4} />
      <ErrorBoundary area="StayDesk">
        <QueryClientProvider client={queryClient}>
          <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
            <NavigationProvider>
              <App />
            </NavigationProvider>
          </ModalsProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </MantineProvider>
  </StrictMode>
)
