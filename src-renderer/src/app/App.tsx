import { useEffect } from 'react'
import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { ErrorAlert } from '../components/ErrorAlert'
import { useIpcEvents } from '../ipc/events'
import { setAppState } from './app-state'
import { appInfoQuery, profilesQuery, syncStatusQuery } from './queries'
import { AppFrame } from './AppFrame'
import { windowTitleOf } from '@shared/profile.schema'

/**
 * Start-up: the frame appears once app info and the profile list are known, so the header can
 * never show a wrong or missing profile. Ready also waits for the first sync status (success or
 * error), since the Listings and Sync screens open on it.
 */
export function App() {
  const info = useQuery(appInfoQuery)
  const profiles = useQuery(profilesQuery)
  const status = useQuery(syncStatusQuery)
  useIpcEvents(info.data?.profile.id)

  const failed = info.error ?? profiles.error
  const ready = info.isSuccess && profiles.isSuccess && (status.isSuccess || status.isError)

  useEffect(() => {
    if (failed && !info.data) setAppState('error')
    else if (ready) setAppState('ready')
  }, [failed, ready, info.data])

  const profile = info.data?.profile
  useEffect(() => {
    document.title = profile ? windowTitleOf(profile) : 'StayDesk'
  }, [profile])

  if (info.data && profiles.data) return <AppFrame info={info.data} />

  if (failed) {
    return (
      <Center mih="100vh" p="xl">
        <Stack maw={560}>
          <Title order={1}>StayDesk could not start</Title>
          <ErrorAlert
            error={failed}
            onRetry={() => {
              setAppState('loading')
              void info.refetch()
              void profiles.refetch()
            }}
          />
        </Stack>
      </Center>
    )
  }

  return (
    <Center mih="100vh">
      <Stack align="center" gap="sm">
        <Loader aria-label="Starting StayDesk" />
        <Text c="dimmed">Opening StayDesk…</Text>
        {/* A main process that never answers should not leave a spinner forever. */}
        <Button variant="subtle" size="xs" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Stack>
    </Center>
  )
}
