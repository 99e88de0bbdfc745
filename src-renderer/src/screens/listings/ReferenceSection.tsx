import { useRef, useState, type FormEvent } from 'react'
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core'
import { RoleRefusalNote, useRoleGate } from '../../components/RoleGate'
import { useForm } from '@mantine/form'
import { useQuery } from '@tanstack/react-query'
import type { KeptReference } from '@shared/ipc/references.schema'
import { ErrorAlert } from '../../components/ErrorAlert'
import { showOnField } from '../../components/form-errors'
import { formatDateTime } from '../../components/text'
import {
  ProductionConfirm,
  confirmationReady,
  useProfileKind
} from '../../components/ProductionConfirm'
import { keptReferenceQuery, useSetReference } from './queries'
import {
  REFERENCE_FIELDS,
  REFERENCE_LABELS,
  referenceInput,
  referenceOutcome,
  referenceValues,
  STATUS_WORDS,
  validateReference,
  type ChannelStatus,
  type ReferenceValues
} from './reference-form'
import { Fields, Section } from './Section'

const OUTCOME_COLOR = { done: 'teal', refused: 'red', unknown: 'yellow', 'not-sent': 'gray' }

function KeptView({ kept }: { kept: KeptReference | null }) {
  if (!kept) {
    return (
      <Text size="sm" data-testid="kept-reference">
        No reference set from this profile yet.
      </Text>
    )
  }
  return (
    <Fields
      testId="kept-reference"
      labelWidth={150}
      fields={[
        { label: REFERENCE_LABELS.reference, value: kept.reference },
        { label: REFERENCE_LABELS.url, value: kept.url ?? 'None set' },
        {
          label: REFERENCE_LABELS.status,
          value: kept.status ? STATUS_WORDS[kept.status] : 'None set'
        },
        { label: 'Set', value: `set ${formatDateTime(kept.setAt)} from this profile` }
      ]}
    />
  )
}

/**
 * The listing's reference on this channel: what this profile last set (the service has no way
 * to read references back), and a form that sets it with one request per click, shows what came
 * of it, and on a production profile first asks for the listing id typed.
 */
export function ReferenceSection({ listingId }: { listingId: number }) {
  const kept = useQuery(keptReferenceQuery(listingId))
  const [editing, setEditing] = useState(false)
  // A team profile whose role may not set references sees why beside the greyed-out button.
  const gate = useRoleGate('references:set')
  return (
    <Section
      title="Reference on this channel"
      testId="listing-reference"
      aside="What this profile last set. The service can’t read references back, so this is StayDesk’s own record."
    >
      {kept.isError ? (
        <ErrorAlert title="The kept reference could not be read" error={kept.error} />
      ) : kept.isPending ? (
        <Text size="sm">Reading the kept reference…</Text>
      ) : (
        <KeptView kept={kept.data} />
      )}
      {editing && !kept.isPending ? (
        <ReferenceForm
          listingId={listingId}
          kept={kept.data ?? null}
          onClose={() => setEditing(false)}
        />
      ) : (
        <Group>
          <Button
            variant="default"
            onClick={() => setEditing(true)}
            disabled={kept.isPending}
            {...gate.control}
          >
            Edit reference
          </Button>
          <RoleRefusalNote gate={gate} />
        </Group>
      )}
    </Section>
  )
}

function ReferenceForm({
  listingId,
  kept,
  onClose
}: {
  listingId: number
  kept: KeptReference | null
  onClose: () => void
}) {
  const kind = useProfileKind()
  const setRef = useSetReference()
  const [confirmation, setConfirmation] = useState('')
  // A second click before React re-rendered the disabled button must not send a second request.
  const sending = useRef(false)
  const form = useForm<ReferenceValues>({
    mode: 'controlled',
    initialValues: referenceValues(kept),
    validate: validateReference
  })
  const expected = String(listingId)
  const ready = confirmationReady(kind, expected, confirmation)
  const outcome = referenceOutcome(setRef.data, setRef.error)

  const send = (v: ReferenceValues) => {
    if (sending.current || !ready) return
    sending.current = true
    setRef.mutate(
      referenceInput(listingId, v, kind === 'production' ? confirmation.trim() : undefined),
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
    <form onSubmit={submit} noValidate aria-label="Edit reference">
      <Stack gap="sm">
        <TextInput
          label={REFERENCE_LABELS.reference}
          description="Your channel’s own id for this listing, up to 100 characters"
          required
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('reference')}
        />
        <TextInput
          label={REFERENCE_LABELS.url}
          description="The listing’s page on your channel (optional)"
          placeholder="https://"
          autoComplete="off"
          {...form.getInputProps('url')}
        />
        <Select
          label={REFERENCE_LABELS.status}
          placeholder="Not set"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear status on the channel' }}
          data={Object.entries(STATUS_WORDS).map(([value, label]) => ({ value, label }))}
          value={form.values.status}
          onChange={(v) => form.setFieldValue('status', (v as ChannelStatus | null) ?? null)}
          error={form.errors.status}
        />
        <ProductionConfirm
          expected={expected}
          what="the listing id"
          value={confirmation}
          onChange={setConfirmation}
        />
        <div role="status" data-testid="reference-outcome">
          {outcome && (
            <Alert
              color={outcome.outage ? 'yellow' : OUTCOME_COLOR[outcome.kind]}
              variant="light"
              title={outcome.title}
            >
              {outcome.message}
            </Alert>
          )}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={setRef.isPending}>
            {outcome?.kind === 'done' ? 'Close' : 'Cancel'}
          </Button>
          <Button type="submit" loading={setRef.isPending} disabled={!ready}>
            {setRef.isPending ? 'Sending…' : 'Set reference'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
