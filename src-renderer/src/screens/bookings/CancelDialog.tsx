import { useState, type FormEvent } from 'react'
import { Alert, Checkbox, Group, Radio, Stack, Text, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useQueryClient } from '@tanstack/react-query'
import { CANCEL_MESSAGE_MAX, CANCEL_REASON_MAX } from '@shared/api/booking.schema'
import type { JournalEntry } from '@shared/ipc/journal.schema'
import { formFieldOf, showOnField } from '../../components/form-errors'
import { CancelOutcomeView } from './CancelOutcomeView'
import { CANCEL_FIELDS, cancelFormResolver, charCount, type CancelValues } from './form-schemas'
import { bookingQuery, keepOnScreen, useCancelBooking } from './queries'
import { RefundEstimate } from './RefundEstimate'
import { useNow } from '../../components/use-now'
import { openWriteText } from './write-words'
import { useWriteGuard, WriteDialog } from './WriteDialog'

type Values = CancelValues

const EMPTY: Values = { by: 'guest', reason: '', message: '' }
const FIELDS = CANCEL_FIELDS

/**
 * Cancel a booking on behalf of the guest or the property manager. One click sends one request:
 * the button is disabled while it is out, and nothing is ever sent again by itself. Before
 * sending, the refund estimate; after, what the service did (or that the answer was lost).
 */
export function CancelDialog({
  bookingId,
  opened,
  onClose,
  openCancels = []
}: {
  bookingId: string
  opened: boolean
  onClose: () => void
  /** Cancellations of this booking whose outcome is still unknown (the journal's). */
  openCancels?: JournalEntry[]
}) {
  // Mounted per opening, so each starts afresh: no earlier text, confirmation or outcome.
  return opened ? (
    <CancelModal bookingId={bookingId} onClose={onClose} openCancels={openCancels} />
  ) : null
}

function CancelModal({
  bookingId,
  onClose,
  openCancels
}: {
  bookingId: string
  onClose: () => void
  openCancels: JournalEntry[]
}) {
  const now = useNow(60_000)
  const qc = useQueryClient()
  const guard = useWriteGuard(bookingId)
  const cancel = useCancelBooking()
  // A cancellation already out with an unknown outcome: a second one only when the agent says so.
  const [again, setAgain] = useState(false)
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: cancelFormResolver
  })

  // The mutation is secret (the reason leaves the cache once settled): its outcome stays here.
  const outcome = cancel.outcome?.data
  const error = cancel.outcome?.error
  const failure = error && !formFieldOf(error, { fields: FIELDS }) ? error : null
  const ready = guard.confirmed && (openCancels.length === 0 || again)
  const { by, reason, message } = form.values

  const send = (v: Values) => {
    if (!ready || !guard.claim()) return
    cancel.mutate(
      {
        bookingId,
        by: v.by,
        reason: v.reason,
        message: v.message,
        ...guard.confirmationInput()
      },
      {
        onSuccess: (o) => {
          keepOnScreen(qc, o.booking)
          // Not read again after the write: the page must not go on saying "live, just now".
          if (!o.booking)
            void qc.invalidateQueries({ queryKey: bookingQuery({ id: bookingId }).queryKey })
        },
        onError: (err) => void showOnField(form, err, { fields: FIELDS }),
        onSettled: guard.settled
      }
    )
  }
  const submit = (e: FormEvent<HTMLFormElement>) => form.onSubmit(send)(e)

  return (
    <WriteDialog
      bookingId={bookingId}
      title={`Cancel booking ${bookingId}`}
      size="xl"
      guard={guard}
      pending={cancel.isPending}
      outcome={outcome ? <CancelOutcomeView outcome={outcome} /> : null}
      showForm={!outcome}
      formLabel="Cancel booking"
      onSubmit={submit}
      failure={failure}
      failureContext="Not cancelled"
      cancelLabel="Keep the booking"
      submitLabel="Send cancellation"
      submitColor="red"
      ready={ready}
      sendingText="Sending the cancellation to the service… It is sent once; wait for its answer."
      sendingTestId="cancel-sending"
      onClose={onClose}
      notice={
        openCancels.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            title="A cancellation is already out, its outcome unknown"
            role="alert"
          >
            <Stack gap={6}>
              {openCancels.map((e) => (
                <Text size="sm" key={e.id}>
                  {openWriteText(e, now)}.
                </Text>
              ))}
              <Text size="sm">
                It may have been carried out. Read the booking again first; send another only when
                you know the first did not cancel it.
              </Text>
              <Checkbox
                label="Send another cancellation anyway"
                checked={again}
                onChange={(e) => setAgain(e.currentTarget.checked)}
              />
            </Stack>
          </Alert>
        )
      }
    >
      <Radio.Group
        label="Cancel on behalf of"
        description="A guest’s cancellation refunds by the policy; a property manager’s refunds everything paid."
        {...form.getInputProps('by')}
      >
        <Group mt={6}>
          <Radio value="guest" label="The guest" data-autofocus />
          <Radio value="pm" label="The property manager" />
        </Group>
      </Radio.Group>
      <RefundEstimate bookingId={bookingId} by={by} />
      <Textarea
        label="Reason"
        description={charCount(reason, CANCEL_REASON_MAX)}
        required
        autosize
        minRows={2}
        maxRows={5}
        {...form.getInputProps('reason')}
      />
      <Textarea
        label="Message to the other party"
        description={`Sent to ${by === 'guest' ? 'the property manager' : 'the guest'}. ${charCount(message, CANCEL_MESSAGE_MAX)}`}
        required
        autosize
        minRows={3}
        maxRows={8}
        {...form.getInputProps('message')}
      />
    </WriteDialog>
  )
}
