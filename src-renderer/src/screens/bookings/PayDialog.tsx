import { useState, type FormEvent } from 'react'
import { List, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useQueryClient } from '@tanstack/react-query'
import { isPaidInstalment } from '@shared/domain/money-lines'
import type { KeptBooking } from '@shared/ipc/bookings.schema'
import { CardFields, EMPTY_CARD, type CardValues } from '../../components/CardFields'
import { cardInput } from '../../components/card-schema'
import { formFieldOf, showOnField } from '../../components/form-errors'
import { formatCents, formatDate, formatDateTime } from '../../components/text'
import { useNow } from '../../components/use-now'
import { toCents } from './booking-model'
import { CARD_FIELDS, payFormResolver } from './form-schemas'
import { isDeclined } from './outcome'
import { PayOutcomeView } from './PayOutcomeView'
import { bookingQuery, keepOnScreen, usePayBooking } from './queries'
import { timeLeft } from './deadline'
import { useWriteGuard, WriteDialog } from './WriteDialog'

interface Values {
  card: CardValues
}

/**
 * Pay a booking awaiting payment with a new card. The card goes to main once and is cleared
 * from the form at that moment, whatever comes back; the command is secret, so nothing of it
 * stays in the query cache either. Afterwards only the brand and last four digits show.
 */
export function PayDialog({
  kept,
  opened,
  onClose
}: {
  kept: KeptBooking
  opened: boolean
  onClose: () => void
}) {
  // Mounted per opening: no card, confirmation or outcome outlives the dialog.
  return opened ? <PayModal kept={kept} onClose={onClose} /> : null
}

function PayModal({ kept, onClose }: { kept: KeptBooking; onClose: () => void }) {
  const bookingId = kept.booking.id
  const qc = useQueryClient()
  const guard = useWriteGuard(bookingId)
  const pay = usePayBooking()
  const now = useNow(30_000)
  const [lookedUp, setLookedUp] = useState<KeptBooking | null>(null)
  const [lookingUp, setLookingUp] = useState(false)
  // Today's date decides whether an expiry has passed: the schema is made once per opening.
  const [validate] = useState(() => payFormResolver())
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { card: EMPTY_CARD },
    validate
  })

  const clearCard = () => form.setValues({ card: EMPTY_CARD })

  const outcome = pay.outcome?.data
  const error = pay.outcome?.error
  const failure = error && !formFieldOf(error, { fields: CARD_FIELDS }) ? error : null
  const open = kept.booking.instalments.filter((i) => !isPaidInstalment(i))
  const left = timeLeft(kept.summary.expiresAt, now)

  const send = (v: Values) => {
    const card = cardInput(v.card)
    if (!guard.confirmed || !card || !guard.claim()) return
    clearCard()
    pay.mutate(
      { bookingId, card, ...guard.confirmationInput() },
      {
        onSuccess: (o) => keepOnScreen(qc, o.booking),
        onError: (err) => void showOnField(form, err, { fields: CARD_FIELDS }),
        onSettled: guard.settled
      }
    )
  }
  const submit = (e: FormEvent<HTMLFormElement>) => form.onSubmit(send)(e)

  const lookup = async () => {
    setLookingUp(true)
    try {
      const fresh = await qc.fetchQuery({ ...bookingQuery({ id: bookingId }), staleTime: 0 })
      keepOnScreen(qc, fresh)
      setLookedUp(fresh)
    } catch {
      setLookedUp(null)
    } finally {
      setLookingUp(false)
    }
  }

  return (
    <WriteDialog
      bookingId={bookingId}
      title={`Pay booking ${bookingId}`}
      size="lg"
      guard={guard}
      pending={pay.isPending}
      outcome={
        outcome && (
          <PayOutcomeView
            outcome={
              lookedUp && outcome.outcome !== 'done' ? { ...outcome, booking: lookedUp } : outcome
            }
            onLookup={() => void lookup()}
            lookingUp={lookingUp}
          />
        )
      }
      // A declined card leaves the form, to try another.
      showForm={!outcome || isDeclined(outcome)}
      formLabel="Pay booking"
      onSubmit={submit}
      failure={failure}
      failureContext="Not paid"
      cancelLabel="Close"
      submitLabel="Pay with this card"
      ready={guard.confirmed}
      sendingText="Sending the payment to the service… It is sent once; wait for its answer."
      sendingTestId="pay-sending"
      onClose={onClose}
    >
      <div>
        <Text size="sm">Not paid yet:</Text>
        <List size="sm" spacing={2}>
          {open.map((i, n) => (
            <List.Item key={`${i.id ?? n}`}>
              {i.name ?? `Instalment ${n + 1}`}: {formatCents(toCents(i.amount))}
              {i.dueDate ? `, due ${formatDate(i.dueDate)}` : ''}
            </List.Item>
          ))}
        </List>
        <Text size="sm" mt={4} data-testid="pay-deadline">
          Payment deadline:{' '}
          {left.deadline !== null ? `${formatDateTime(left.deadline)} (${left.text})` : 'not known'}
        </Text>
      </div>
      <CardFields form={form} required />
    </WriteDialog>
  )
}
