import { Alert, Badge, Container, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { AppInfo } from '@shared/ipc/contract'
import type { AppErrorPayload } from '@shared/errors'

type State =
  { kind: 'loading' } | { kind: 'ready'; info: AppInfo } | { kind: 'error'; error: AppErrorPayload }

/** First screen: which profile is active and which service it talks to. */
export function App() {
  const [state, setState] = useState<State>({ kind: 'loading' })

  useEffect(() => {
    window.staydesk['app:info']({}).then(
      (r) => setState(r.ok ? { kind: 'ready', info: r.value } : { kind: 'error', error: r.error }),
      () =>
        setState({
          kind: 'error',
          error: { code: 'internal', message: 'StayDesk could not reach its main process.' }
        })
    )
  }, [])

  return (
    <Container size="sm" py="xl" data-app-state={state.kind}>
      <Stack>
        <Title order={1}>StayDesk</Title>
        {state.kind === 'loading' && <Loader aria-label="Starting" />}
        {state.kind === 'error' && (
          <Alert color="red" title="StayDesk could not start">
            {state.error.message}
          </Alert>
        )}
        {state.kind === 'ready' && (
          <>
            <Group>
              <Text fw={600}>{state.info.profile.name}</Text>
              <Badge color={state.info.profile.kind === 'production' ? 'red' : 'teal'}>
                {state.info.profile.kind}
              </Badge>
            </Group>
            <Text>
              Connected to {state.info.service.baseUrl}, a portfolio of{' '}
              {state.info.service.listings} listings.
            </Text>
            <Text c="dimmed" size="sm">
              StayDesk {state.info.version}
            </Text>
          </>
        )}
      </Stack>
    </Container>
  )
}
