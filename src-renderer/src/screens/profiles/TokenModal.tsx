import { useState } from 'react'
import { Alert, Button, Checkbox, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core'
import type { ProfileView } from '@shared/profile.schema'
import { notifyError, notifySuccess } from '../../components/notify'
import { useSetToken } from '../../ipc/hooks'
import { validateToken } from './form-validation'
import { tokenSummary, TokenStatusText } from './TokenStatusText'

/**
 * Set or replace a profile's token. The typed token lives only in this component's state and
 * is cleared as soon as it has been sent; afterwards only the status ("ends in …1234") shows.
 */
export function TokenModal({
  profile,
  onClose
}: {
  profile: ProfileView | null
  onClose: () => void
}) {
  const setToken = useSetToken()
  const [token, setTokenText] = useState('')
  const [acceptWeak, setAcceptWeak] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const sessionOnly = profile?.token.state === 'session-only'

  const close = () => {
    setTokenText('')
    setError(null)
    setAcceptWeak(false)
    setToken.reset()
    onClose()
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!profile) return
    const problem = validateToken(token, false)
    setError(problem)
    if (problem) return
    setToken.mutate(
      { id: profile.id, token, acceptWeakStorage: acceptWeak || undefined },
      {
        onSuccess: (status) => {
          notifySuccess('Token saved', `${tokenSummary(status)}. ${status.explanation}`)
          close()
        },
        onError: (err) => notifyError('Set token', err),
        onSettled: () => setTokenText('')
      }
    )
  }

  const replacing = profile && profile.token.state !== 'missing'
  return (
    <Modal
      opened={profile !== null}
      onClose={close}
      title={profile ? `${replacing ? 'Replace' : 'Set'} token for “${profile.name}”` : ''}
    >
      {profile && (
        <form onSubmit={submit} noValidate aria-label="Set token">
          <Stack>
            <TokenStatusText token={profile.token} />
            {sessionOnly && (
              <Alert color="yellow" title="This computer has no OS key store StayDesk can use">
                The token is kept only until StayDesk closes. You can accept weak storage to
                remember it: it is saved encrypted with a key that anyone who can read your files
                can recover. Enter the token again below to choose this.
              </Alert>
            )}
            <PasswordInput
              label="Token"
              description="Paste the token from the service. It is never shown again."
              autoComplete="off"
              spellCheck={false}
              value={token}
              onChange={(e) => setTokenText(e.currentTarget.value)}
              error={error}
              data-autofocus
            />
            {sessionOnly && (
              <Checkbox
                label="Accept weak storage: remember the token although it is only weakly protected"
                checked={acceptWeak}
                onChange={(e) => setAcceptWeak(e.currentTarget.checked)}
              />
            )}
            <Text size="xs" c="dimmed">
              StayDesk encrypts the token with the operating system’s key store when there is one.
              It is only ever sent to {profile.baseUrl}.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={setToken.isPending}>
                Save token
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  )
}
