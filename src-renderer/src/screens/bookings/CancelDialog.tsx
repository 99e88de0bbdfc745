import { useRef, useState, type FormEvent } from 'react'
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useQueryClient } from '@tanstack/react-query'
import { CANCEL_MESSAGE_MAX, CANCEL_REASON_MAX } from '@shared/api/booking.schema'
import { formFieldOf, showOnField } from '../../components/form-errors'
import {
  ProductionConfirm,
  confirmationReady,
  useProfileKind
} from '../../components/ProductionConfirm'
import { CancelOutcomeView } from './CancelOutcomeView'
import { CANCEL_FIELDS, cancelFormResolver, charCount, type CancelValues } from './form-schemas'
import { ProblemAlert } from './ProblemAlert'
import { keepOnScreen, useCancelBooking } from './queries'
import { RefundEstimate } from './RefundEstimate'

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
  onClose
}: {
  bookingId: string
  opened: boolean
  onClose: () => void
}) {
  // Mounted per opening, so each starts afresh: no earlier text, confirmation or outcome.
  return opened ? <CancelModal bookingId={bookingId} onClose={onClose} /> : null
}

function CancelModal({ bookingId, onClose }: { bookingId: string; onClose: () => void }) {
  const qc = useQueryClient()
  const kind = useProfileKind()
  const cancel = useCancelBooking()
  const [confirmation, setConfirmation] = useState('')
  // A second click before React re-rendered the disabled button must not send a second request.
  const sending = useRef(false)
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: cancelFormResolver
  })

  const pending = cancel.isPending
  const outcome = cancel.data
  const failure =
    cancel.error && !formFieldOf(cancel.error, { fields: FIELDS }) ? cancel.error : null
  const ready = confirmationReady(kind, bookingId, confirmation)
  const { by, reason, message } = form.values

  const send = (v: Values) => {
    if (sending.current || !ready) return
    sending.current = true
    cancel.mutate(
      {
        bookingId,
        by: v.by,
        reason: v.reason,
        message: v.message,
        ...(kind === 'production' ? { confirmation: confirmation.trim() } : {})
      },
      {
        onSuccess: (o) => keepOnScreen(qc, o.booking),
        onError: (err) => void showOnField(form, err, { fields: FIELDS }),
        onSettled: () => {
          sending.current = false
        }
      }
    )
  }
  const submit = (e: FormEvent<HTMLFormElement>) => form.onSubmit(send)(e)

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Cancel booking ${bookingId}`}
      size="xl"
      // While the request is out the dialog stays: its answer must be seen.
      closeOnEscape={!pending}
      closeOnClickOutside={!pending}
      withCloseButton={!pending}
    >
      {outcome ? (
        <Stack>
          <CancelOutcomeView outcome={outcome} />
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Cancel booking">
          <Stack>
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
            <ProductionConfirm
              expected={bookingId}
              what="the booking id"
              value={confirmation}
              onChange={setConfirmation}
            />
            {failure && <ProblemAlert context="Not cancelled" error={failure} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={pending}>
                Keep the booking
              </Button>
              <Button type="submit" color="red" loading={pending} disabled={!ready}>
                {pending ? 'Sending…' : 'Send cancellation'}
              </Button>
            </Group>
            {pending && (
              <Text size="sm" role="status" data-testid="cancel-sending">
                Sending the cancellation to the service… It is sent once; wait for its answer.
              </Text>
            )}
          </Stack>
        </form>
      )}
    </Modal>
  )
}
