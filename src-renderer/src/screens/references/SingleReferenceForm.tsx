import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core'
import { RoleRefusalNote, useRoleGate } from '../../components/RoleGate'
import { useForm } from '@mantine/form'
import { useQuery } from '@tanstack/react-query'
import { CHANNEL_LISTING_STATUSES } from '@shared/api/reference.schema'
import { useScreenState } from '../../app/screen-state'
import { formatDateTime } from '../../components/text'
import { formFieldOf, showOnField } from '../../components/form-errors'
import { ListingPicker } from '../../components/ListingPicker'
import {
  ProductionConfirm,
  confirmationReady,
  useProfileKind
} from '../../components/ProductionConfirm'
import { keptReferenceQuery, useSetReference } from './queries'
import {
  charCount,
  EMPTY_REFERENCE,
  REFERENCE_FIELDS,
  referenceFormErrors,
  referenceInput,
  valuesFromKept,
  type ReferenceValues
} from './reference-form'
import { STATUS_WORDS } from './reference-words'
import { SetOutcomeView, WriteFailureView } from './SetOutcomeView'

const STATUS_CHOICES = CHANNEL_LISTING_STATUSES.map((s) => ({ value: s, label: STATUS_WORDS[s] }))

/**
 * One listing's reference, URL and channel status, pre-filled with what this profile last sent
 * (the service has no way to read references back). One click sends one request; the button
 * is disabled while it is out, and the outcome stays until another listing is chosen.
 */
export function SingleReferenceForm({ routeListingId }: { routeListingId?: number }) {
  const kind = useProfileKind()
  // The listing last chosen here, kept while the person works elsewhere; a route naming one
  // (a listing page's "Set reference") wins, and the screen mounts this form afresh for it.
  const [lastListing, setLastListing] = useScreenState<string | null>('references.listing', null)
  const setReference = useSetReference()
  const [confirmation, setConfirmation] = useState('')
  const sending = useRef(false)
  // The listing and kept value the form was last pre-filled with (see below).
  const filledFor = useRef<string | null>(null)
  const form = useForm<ReferenceValues>({
    mode: 'controlled',
    initialValues: {
      ...EMPTY_REFERENCE,
      listingId: routeListingId !== undefined ? String(routeListingId) : lastListing
    },
    validate: referenceFormErrors
  })
  const listingId = form.values.listingId
  const kept = useQuery({ ...keptReferenceQuery(Number(listingId)), enabled: !!listingId })

  const choose = (id: string | null) => {
    setLastListing(id)
    setReference.reset()
    setConfirmation('')
    filledFor.current = null
    form.setValues({ ...EMPTY_REFERENCE, listingId: id })
    form.clearErrors()
  }

  // Pre-fill once per listing and kept value: a value kept meanwhile (this form's own send, an
  // import) fills again; the person's typing in between is not overwritten by a re-read.
  useEffect(() => {
    if (!listingId || !kept.isSuccess) return
    const stamp = `${listingId}:${kept.data?.setAt ?? 'none'}`
    if (filledFor.current === stamp) return
    filledFor.current = stamp
    form.setValues(valuesFromKept(listingId, kept.data))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listingId, kept.isSuccess, kept.data])

  // A team profile whose role may not set references sees why beside the greyed-out button.
  const gate = useRoleGate('references:set')
  const ready = confirmationReady(kind, listingId ?? '', confirmation) && gate.refusal === null
  const pending = setReference.isPending
  const failure =
    setReference.error && !formFieldOf(setReference.error, { fields: REFERENCE_FIELDS })
      ? setReference.error
      : null

  const send = (v: ReferenceValues) => {
    if (sending.current || !ready) return
    sending.current = true
    setReference.mutate(
      {
        ...referenceInput(v),
        ...(kind === 'production' ? { confirmation: confirmation.trim() } : {})
      },
      {
        onError: (err) => void showOnField(form, err, { fields: REFERENCE_FIELDS }),
        onSettled: () => {
          sending.current = false
        }
      }
    )
  }
  const submit = (e: FormEvent<HTMLFormElement>) => form.onSubmit(send)(e)

  return (
    <form onSubmit={submit} noValidate aria-label="Set one listing’s reference">
      <Stack gap="sm" maw={640}>
        <ListingPicker
          value={listingId}
          onChange={choose}
          error={form.errors.listingId}
          label="Listing"
        />
        {listingId && kept.isSuccess && (
          <Text size="sm" c="dimmed" data-testid="kept-note">
            {kept.data
              ? `Pre-filled with what StayDesk last sent for this listing, ${formatDateTime(kept.data.setAt)}. The service has no way to read references back, so this is StayDesk’s own record.`
              : 'StayDesk has not sent a reference for this listing from this profile, and the service has no way to read one back.'}
          </Text>
        )}
        <TextInput
          label="Reference"
          description={`What this channel calls the listing. ${charCount(form.values.reference, 100)}`}
          required
          spellCheck={false}
          {...form.getInputProps('reference')}
        />
        <TextInput
          label="URL"
          description="The listing’s page on the channel (optional, up to 500 characters)"
          placeholder="https://…"
          spellCheck={false}
          {...form.getInputProps('url')}
        />
        <Select
          label="Status"
          description="The listing’s status on the channel; leave empty to keep the one it has"
          placeholder="Not given"
          data={STATUS_CHOICES}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the status' }}
          withScrollArea={false}
          {...form.getInputProps('status')}
          w={340}
        />
        <ProductionConfirm
          expected={listingId ?? ''}
          what="the listing id"
          value={confirmation}
          onChange={setConfirmation}
        />
        <Group>
          <Button type="submit" loading={pending} disabled={!ready} {...gate.control}>
            {pending ? 'Sending…' : 'Set reference'}
          </Button>
          <RoleRefusalNote gate={gate} />
        </Group>
        {pending && (
          <Text size="sm" role="status">
            Sending the reference to the service… It is sent once; wait for its answer.
          </Text>
        )}
        {setReference.data && listingId && (
          <SetOutcomeView outcome={setReference.data} listingId={Number(listingId)} />
        )}
        {failure && <WriteFailureView error={failure} />}
      </Stack>
    </form>
  )
}
