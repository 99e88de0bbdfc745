import { useEffect } from 'react'
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import type { ProfileView } from '@shared/profile.schema'
import { formFieldOf, showOnField } from '../../components/form-errors'
import { notifyError, notifySuccess } from '../../components/notify'
import { SegmentedChoice } from '../../components/SegmentedChoice'
import { describeError } from '../../ipc/errors'
import { PROFILE_FIELDS, ProfileForm, type ProfileFormValues } from './form-validation'
import { useCreateProfile, useUpdateProfile } from './queries'
import classes from './Profiles.module.css'

/** Main names fields of `profiles:create` as `profile.<field>`, and the token as `token`. */
const FIELD_MAP = { prefix: 'profile', fields: PROFILE_FIELDS }

const EMPTY: ProfileFormValues = {
  name: '',
  kind: 'test',
  connection: 'service',
  baseUrl: 'https://',
  salesChannel: '',
  salesBrand: '',
  token: '',
  acceptWeakStorage: false
}

function valuesOf(p: ProfileView | null): ProfileFormValues {
  if (!p) return EMPTY
  return {
    name: p.name,
    kind: p.kind === 'production' ? 'production' : 'test',
    // A hub profile is edited by the hub's address, not the environment prefix derived from it.
    connection: p.hubUrl === undefined ? 'service' : 'hub',
    baseUrl: p.hubUrl ?? p.baseUrl,
    salesChannel: p.salesChannel,
    salesBrand: p.salesBrand ?? '',
    token: '',
    acceptWeakStorage: false
  }
}

/** Create (editing === null) or edit a profile. The demo profile is never edited here. */
export function ProfileFormModal({
  opened,
  editing,
  onClose
}: {
  opened: boolean
  editing: ProfileView | null
  onClose: () => void
}) {
  const create = useCreateProfile()
  const update = useUpdateProfile()
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    // The shared schema main checks with: every problem shows at once, on its field. Checked on
    // submit, not on blur: an error appearing as the first field loses focus pushed the submit
    // button down under the pointer, so the click missed it and only that one error showed.
    validate: schemaResolver(ProfileForm, { sync: true })
  })
  const failure = (editing ? update.error : create.outcome?.error) ?? null
  const pending = editing ? update.isPending : create.isPending

  // Each opening starts from the profile being edited (or blank), with no stale token or error.
  useEffect(() => {
    if (opened) {
      form.setValues(valuesOf(editing))
      form.resetDirty()
      form.clearErrors()
      update.reset()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on open/target change
  }, [opened, editing?.id])

  const close = () => {
    form.setFieldValue('token', '')
    onClose()
  }

  const submit = form.onSubmit((v) => {
    const profile = {
      name: v.name,
      kind: v.kind,
      connection: v.connection,
      baseUrl: v.baseUrl,
      salesChannel: v.salesChannel,
      salesBrand: v.salesBrand
    }
    const done = {
      onSuccess: (p: ProfileView) => {
        notifySuccess(editing ? 'Profile saved' : 'Profile created', `“${p.name}” is ready.`)
        close()
      },
      onError: (err: Error) => {
        // A refusal about one field goes on that field; anything else is said below the form.
        if (!showOnField(form, err, FIELD_MAP)) {
          if (describeError(err).outage)
            notifyError(editing ? 'Save profile' : 'Create profile', err)
        }
      },
      // The token leaves the form as soon as it was sent, whatever the outcome.
      onSettled: () => form.setFieldValue('token', '')
    }
    if (editing) update.mutate({ id: editing.id, profile }, done)
    else
      create.mutate(
        {
          profile,
          token: v.token.trim() || undefined,
          acceptWeakStorage: v.acceptWeakStorage || undefined
        },
        done
      )
  })

  const described = failure && !formFieldOf(failure, FIELD_MAP) ? describeError(failure) : null
  const throughHub = form.values.connection === 'hub'
  return (
    <Modal
      opened={opened}
      onClose={close}
      classNames={{ title: classes.longText }}
      title={editing ? `Edit profile “${editing.name}”` : 'New profile'}
      size="lg"
    >
      <form onSubmit={submit} noValidate aria-label={editing ? 'Edit profile' : 'New profile'}>
        <Stack>
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <Stack gap={4}>
            <SegmentedChoice
              label="Kind"
              data={[
                { value: 'test', label: 'Test' },
                { value: 'production', label: 'Production' }
              ]}
              color={form.values.kind === 'production' ? 'red' : undefined}
              {...form.getInputProps('kind')}
            />
            {form.values.kind === 'production' && (
              <Text size="xs" c="red">
                Production profiles work on live listings and bookings; StayDesk shows them in red.
              </Text>
            )}
          </Stack>
          <Stack gap={4}>
            <SegmentedChoice
              label="Connects"
              data={[
                { value: 'service', label: 'To the service directly' },
                { value: 'hub', label: 'Through a team hub' }
              ]}
              // The token belongs to one or the other: an existing profile keeps its connection.
              disabled={editing !== null}
              {...form.getInputProps('connection')}
            />
            {editing !== null && (
              <Text size="xs" c="dimmed">
                A profile keeps its connection: the other one needs a new profile and token.
              </Text>
            )}
          </Stack>
          <TextInput
            label={throughHub ? 'Hub address' : 'Base URL'}
            description={
              throughHub
                ? "The team hub's address, e.g. https://hub.example.com (plain http only for this computer)"
                : 'The service address, https:// (plain http only for this computer)'
            }
            required
            spellCheck={false}
            {...form.getInputProps('baseUrl')}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Sales channel"
              description="4 characters, given by the service"
              required
              // No maxLength: it cut a pasted fifth character off without a word; the rule
              // ("exactly 4 characters") is said on the field instead.
              spellCheck={false}
              styles={{ input: { textTransform: 'uppercase' } }}
              {...form.getInputProps('salesChannel')}
            />
            <TextInput
              label="Sales brand"
              description="Optional"
              spellCheck={false}
              {...form.getInputProps('salesBrand')}
            />
          </Group>
          {!editing && (
            <>
              <PasswordInput
                label={throughHub ? 'Hub token' : 'Token'}
                description={
                  throughHub
                    ? 'Your personal hub token (sdh_…), from the hub’s admin. Optional now; never shown again.'
                    : 'Optional now; you can set it later. It is never shown again.'
                }
                autoComplete="off"
                spellCheck={false}
                {...form.getInputProps('token')}
              />
              <Checkbox
                label="If this computer has no OS key store, save the token with weak encryption anyway"
                {...form.getInputProps('acceptWeakStorage', { type: 'checkbox' })}
              />
            </>
          )}
          {described && !described.outage && (
            <Alert color="red" title={described.title} role="alert">
              {described.message} {described.action}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {editing ? 'Save' : 'Create profile'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
