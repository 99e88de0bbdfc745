import { useRef, useState } from 'react'
import {
  Alert,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useQuery } from '@tanstack/react-query'
import type { CommandOutput } from '@shared/ipc/contract'
import { daysBetween } from '@shared/domain/dates'
import { profilesQuery } from '../../app/queries'
import { CardFields, EMPTY_CARD } from '../../components/CardFields'
import { formatCents, formatDay, nightsText } from '../../components/text'
import { useVia } from '../../components/DataAgeNote'
import {
  confirmationReady,
  ProductionConfirm,
  useProfileKind
} from '../../components/ProductionConfirm'
import { describeError } from '../../ipc/errors'
import { errorCode } from '../../ipc/client'
import {
  bookingErrors,
  errorFieldOf,
  formPathOf,
  initialBookingValues,
  toCreateInput,
  type BookedStay,
  type BookingValues
} from './booking-form'
import { CreateOutcomeView } from './CreateOutcomeView'
import { refusedText } from '../bookings/team-words'
import { outcomeTitle } from './outcome'
import { ChildAges, GuestCounts, guestCountsOf } from '../../components/GuestCountFields'
import { GuestFields } from './GuestFields'
import { useCreateBooking } from './queries'

type Settled = { data?: CommandOutput<'bookings:create'>; error?: Error }

/**
 * One id per opening of the form: main makes the own reference once for it and sends the same
 * one each time this booking is sent again, so the service refuses a second booking.
 */
function newSubmission(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return `form-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

export interface BookingTarget {
  stay: BookedStay
  listingName: string
  maxGuest: number | null
  /** The live quote's total, for the summary line (the service prices the booking itself). */
  totalCents: number | null
}

/** A failure to send (not a refusal by the service): said with what to do next. */
function SendFailure({ error }: { error: Error }) {
  const d = describeError(error)
  if (errorCode(error) === 'outcome-unknown') return null
  return (
    <Alert
      color={d.outage ? 'yellow' : 'red'}
      variant="light"
      title={d.outage ? `Not sent: ${d.title}` : d.title}
      role="alert"
    >
      {d.message} {d.action}
    </Alert>
  )
}

function BookingFormBody({
  target,
  onClose,
  onOpenBooking,
  onSending
}: {
  target: BookingTarget
  onClose: () => void
  onOpenBooking: (id: string) => void
  /** The write is out: the dialog must stay open until its outcome is shown. */
  onSending: (sending: boolean) => void
}) {
  const { stay } = target
  const kind = useProfileKind()
  const profiles = useQuery(profilesQuery).data
  const brand = profiles?.profiles.find((p) => p.id === profiles.activeId)?.salesBrand ?? ''
  const create = useCreateBooking()
  // A refusal's title names who refused: the service, or a team profile's hub that sent nothing.
  const via = useVia()
  const [confirmation, setConfirmation] = useState('')
  const [settled, setSettled] = useState<Settled>()
  const [sentReference, setSentReference] = useState<string>()
  const [submission] = useState(newSubmission)
  // One write per click: a second Enter before the button disables itself sends nothing.
  const sending = useRef(false)
  const form = useForm<BookingValues>({
    mode: 'controlled',
    initialValues: initialBookingValues(stay, brand),
    validate: (values) => bookingErrors(values)
  })
  const expected = String(stay.listingId)
  const ready = confirmationReady(kind, expected, confirmation)

  const send = (values: BookingValues) => {
    if (sending.current || !ready) return
    sending.current = true
    onSending(true)
    setSettled(undefined)
    setSentReference(values.ownReference.trim() || undefined)
    const input = toCreateInput(values, stay, kind === 'production' ? confirmation : undefined)
    create.mutate(
      { ...input, submission },
      {
        onSettled: (data, error) => {
          sending.current = false
          onSending(false)
          // The card leaves the form after every submit, whatever the outcome.
          form.setFieldValue('card', { ...EMPTY_CARD })
          setConfirmation('')
          setSettled(error ? { error } : { data })
          const refused = data?.outcome === 'refused' ? data : undefined
          const field = error
            ? errorFieldOf(error)
            : refused?.field
              ? formPathOf(refused.field)
              : undefined
          // Main's and the service's messages already name the field: shown as they are.
          const message = error?.message ?? refused?.serviceMessage ?? refused?.message ?? ''
          if (field) form.setFieldError(field, message)
        }
      }
    )
  }

  const data = settled?.data
  if (data && data.outcome !== 'refused') {
    return (
      <Stack>
        <CreateOutcomeView
          outcome={data}
          ownReference={sentReference}
          onOpenBooking={onOpenBooking}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    )
  }
  if (settled?.error && errorCode(settled.error) === 'outcome-unknown') {
    return (
      <Stack>
        <CreateOutcomeView
          outcome={{
            outcome: 'unknown',
            message: settled.error.message,
            booking: null,
            lookup: sentReference ?? null
          }}
          onOpenBooking={onOpenBooking}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    )
  }

  const guests = guestCountsOf(form, target.maxGuest)
  return (
    <form onSubmit={(event) => form.onSubmit(send)(event)} noValidate aria-label="Book this stay">
      <Stack>
        <Text size="sm" data-testid="booked-stay">
          {target.listingName} ({stay.listingId}) · {formatDay(stay.from)} to {formatDay(stay.to)} ·{' '}
          {nightsText(daysBetween(stay.from, stay.to))}
          {target.totalCents !== null ? ` · live quote ${formatCents(target.totalCents)}` : ''}
        </Text>
        {data?.outcome === 'refused' && (
          <Alert color="red" variant="light" title={outcomeTitle(data, via)} role="alert">
            {refusedText(data, via)}
          </Alert>
        )}
        {settled?.error && !errorFieldOf(settled.error) && <SendFailure error={settled.error} />}

        <Title order={3} size="h5">
          Guest
        </Title>
        <GuestFields form={form} />

        <Title order={3} size="h5">
          Guests staying
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <GuestCounts {...guests} />
        </SimpleGrid>
        <ChildAges {...guests} />
        <Text size="xs" c="dimmed">
          The service prices the booking as it is made: other guests than quoted may change the
          price.
        </Text>

        <Textarea label="Notes" autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
        <Group grow align="flex-start">
          <TextInput
            label="Own reference"
            description="Optional. Left empty, StayDesk makes one, so a booking whose answer is lost can still be looked up."
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('ownReference')}
          />
          <TextInput
            label="Sales brand"
            description="Optional; when the channel sells under several brands"
            autoComplete="off"
            {...form.getInputProps('salesBrand')}
          />
        </Group>

        <Title order={3} size="h5">
          Card (optional)
        </Title>
        <Text size="xs" c="dimmed">
          Only when the service is Merchant of Record. Without a card the booking awaits payment and
          the guest pays on the service’s payment page. The card is sent once and never kept.
        </Text>
        <CardFields form={form} />

        <ProductionConfirm
          expected={expected}
          what="the listing id"
          value={confirmation}
          onChange={setConfirmation}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} disabled={!ready}>
            Create booking
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/**
 * "Book this": the booking form for the quoted stay, then the outcome as the service gave it.
 * The form lives only while the dialog is open: closing it forgets everything typed.
 */
export function BookingForm({
  target,
  onClose,
  onOpenBooking
}: {
  target: BookingTarget | null
  onClose: () => void
  onOpenBooking: (id: string) => void
}) {
  const [sending, setSending] = useState(false)
  return (
    <Modal
      opened={target !== null}
      onClose={() => !sending && onClose()}
      title="Book this stay"
      size="xl"
      closeOnEscape={!sending}
      closeOnClickOutside={!sending}
      withCloseButton={!sending}
      closeButtonProps={{ 'aria-label': 'Close the booking form' }}
    >
      {target && (
        <BookingFormBody
          target={target}
          onClose={onClose}
          onOpenBooking={onOpenBooking}
          onSending={setSending}
        />
      )}
    </Modal>
  )
}
