import { Alert, Button, Checkbox, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import type { ProfileView } from '@shared/profile.schema'
import { showOnField } from '../../components/form-errors'
import { notifyError, notifySuccess } from '../../components/notify'
import { TokenForm, type TokenFormValues } from './form-validation'
import { useSetToken } from './queries'
import { tokenSummary, TokenStatusText } from './TokenStatusText'
import classes from './Profiles.module.css'

const EMPTY: TokenFormValues = { token: '', acceptWeakStorage: false }

/**
 * Set or replace a profile's token. The typed token lives only in this form and is cleared as
 * soon as it has been sent, whatever the outcome; afterwards only the status ("ends in …1234")
 * shows. The command is secret: nothing of it stays in the query cache.
 */
export function TokenModal({
  profile,
  onClose
}: {
  profile: ProfileView | null
  onClose: () => void
}) {
  const setToken = useSetToken()
  const form = useForm<TokenFormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(TokenForm, { sync: true })
  })
  const sessionOnly = profile?.token.state === 'session-only'

  const close = () => {
    form.setValues(EMPTY)
    form.clearErrors()
    onClose()
  }

  const submit = form.onSubmit((v) => {
    if (!profile) return
    setToken.mutate(
      { id: profile.id, token: v.token, acceptWeakStorage: v.acceptWeakStorage || undefined },
      {
        onSuccess: (status) => {
          notifySuccess('Token saved', `${tokenSummary(status)}. ${status.explanation}`)
          close()
        },
        onError: (err) => {
          if (!showOnField(form, err, { fields: ['token'] })) notifyError('Set token', err)
        },
        onSettled: () => form.setFieldValue('token', '')
      }
    )
  })

  const replacing = profile && profile.token.state !== 'missing'
  return (
    <Modal
      opened={profile !== null}
      onClose={close}
      classNames={{ title: classes.longText }}
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
              data-autofocus
              {...form.getInputProps('token')}
            />
            {sessionOnly && (
              <Checkbox
                label="Accept weak storage: remember the token although it is only weakly protected"
                {...form.getInputProps('acceptWeakStorage', { type: 'checkbox' })}
              />
            )}
            <Text size="xs" c="dimmed" className={classes.longText}>
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
