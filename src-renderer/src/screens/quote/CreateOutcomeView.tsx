import { useState } from 'react'
import { Alert, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core'
import type { CreateOutcome, KeptBooking } from '@shared/ipc/bookings.schema'
import type { JournalEntry } from '@shared/ipc/journal.schema'
import { maskedLabel } from '@shared/domain/card'
import { BookingStatusBadge, PaymentStatusBadge } from '../../components/StatusBadge'
import { formatCents, formatDate } from '../../components/text'
import { describeError } from '../../ipc/errors'
import { errorCode } from '../../ipc/client'
import {
  instalmentName,
  instalmentStatusText,
  instructionLines,
  outcomeTitle,
  paymentSentence,
  showsPaymentLink,
  UNKNOWN_TITLE,
  type CreateDone
} from './outcome'
import { SettleWriteButton } from '../bookings/SettleWrite'
import { settlementText } from '../bookings/write-words'
import { useLookUpBooking } from './queries'

function Done({ o, onOpenBooking }: { o: CreateDone; onOpenBooking: (id: string) => void }) {
  const bank = instructionLines(o.paymentInstructions)
  const sentence = paymentSentence(o)
  // The sentence names the card when it paid or was declined; said once is enough.
  const card = o.card && !sentence.includes(maskedLabel(o.card)) ? maskedLabel(o.card) : null
  return (
    <Stack gap="sm" data-testid="create-outcome" data-outcome="done" data-status={o.status}>
      <Alert
        color={o.status === 'confirmed' ? 'teal' : 'yellow'}
        variant="light"
        title={outcomeTitle(o)}
        role="status"
      >
        <Stack gap={6}>
          <Text size="sm">
            Booking id <Code data-testid="created-booking-id">{o.bookingId}</Code> · own reference{' '}
            <Code data-testid="created-own-reference">{o.ownReference}</Code>
          </Text>
          <Group gap="xs">
            <BookingStatusBadge status={o.status} />
            <PaymentStatusBadge status={o.paymentStatus} />
          </Group>
          <Text size="sm" data-testid="payment-sentence">
            {sentence}
          </Text>
          {card && <Text size="sm">Card used: {card}</Text>}
          {showsPaymentLink(o) && o.paymentUrl && (
            <Text size="sm">Send the guest the payment page; it opens in the browser.</Text>
          )}
          <Group gap="xs">
            {showsPaymentLink(o) && o.paymentUrl && (
              <Button
                component="a"
                href={o.paymentUrl}
                target="_blank"
                rel="noreferrer"
                size="xs"
                variant="default"
              >
                Open the payment page
              </Button>
            )}
            {o.confirmationUrl && (
              <Button
                component="a"
                href={o.confirmationUrl}
                target="_blank"
                rel="noreferrer"
                size="xs"
                variant="default"
              >
                Open the confirmation page
              </Button>
            )}
          </Group>
        </Stack>
      </Alert>
      {o.instalments.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            Instalments
          </Title>
          <Table verticalSpacing={4} aria-label="Instalments of the new booking">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Instalment</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.instalments.map((i, k) => (
                <Table.Tr key={k}>
                  <Table.Td>{instalmentName(i.name, k)}</Table.Td>
                  <Table.Td>{formatDate(i.dueDate)}</Table.Td>
                  <Table.Td>{instalmentStatusText(i.status)}</Table.Td>
                  <Table.Td ta="right" data-cents={i.amountCents}>
                    {formatCents(i.amountCents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      {bank.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            Bank transfer details
          </Title>
          <Table verticalSpacing={2} aria-label="Bank transfer details">
            <Table.Tbody>
              {bank.map((l) => (
                <Table.Tr key={l.label}>
                  <Table.Th scope="row" fw={400} w={160}>
                    {l.label}
                  </Table.Th>
                  <Table.Td ff="monospace">{l.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      <Group>
        <Button onClick={() => onOpenBooking(o.bookingId)}>Open booking details</Button>
      </Group>
    </Stack>
  )
}

/**
 * The answer was lost after sending (or was a 5xx). Nothing is sent again: the agent looks the
 * booking up by the own reference that went with it. Found, it was made. Not found proves
 * nothing (a slow commit was seen not found, then found 4 s later; the spec reads bookings by id
 * only), so the outcome stays unknown until the agent settles it by hand with a note.
 */
function Unknown({
  message,
  lookup,
  known,
  journalId,
  onOpenBooking
}: {
  message: string
  lookup: string | null
  /** The booking as main read it after the answer was lost, when that read found it. */
  known: KeptBooking | null
  /** The write in the audit journal, to settle it by hand. */
  journalId: string | null
  onOpenBooking: (id: string) => void
}) {
  const look = useLookUpBooking()
  const [settled, setSettled] = useState<JournalEntry | null>(null)
  const notFound = errorCode(look.error) === 'not-found'
  const found = look.data ?? known
  return (
    <Stack gap="sm" data-testid="create-outcome" data-outcome="unknown">
      <Alert color="yellow" variant="light" title={UNKNOWN_TITLE} role="status">
        <Text size="sm">{message}</Text>
        <Text size="sm" mt={4}>
          {lookup
            ? `Look the booking up by its own reference ${lookup} to see whether the service made it.`
            : 'No own reference was sent, so it can only be found on the Bookings screen.'}
        </Text>
      </Alert>
      {lookup && (
        <Group>
          <Button
            onClick={() => look.mutate({ reference: lookup })}
            loading={look.isPending}
            variant="default"
          >
            {look.isError ? 'Look up again' : 'Look up'}
          </Button>
          {journalId && !settled && !found && (
            <SettleWriteButton
              size="sm"
              journalId={journalId}
              what={`the booking request with own reference ${lookup}`}
              onSettled={setSettled}
            />
          )}
        </Group>
      )}
      {found && (
        <Alert color="teal" variant="light" title="The service made the booking" role="status">
          <Group gap="xs">
            <Text size="sm">
              Booking id <Code>{found.booking.id}</Code>
            </Text>
            <BookingStatusBadge status={found.booking.status} />
            <PaymentStatusBadge status={found.booking.paymentStatus} />
          </Group>
          <Button mt="sm" onClick={() => onOpenBooking(found.booking.id)}>
            Open booking details
          </Button>
        </Alert>
      )}
      {look.isError && !found && (
        <Alert
          color={notFound ? 'orange' : 'red'}
          variant="light"
          title={notFound ? 'Not found yet: the outcome is still unknown' : undefined}
          role="alert"
          data-testid="lookup-not-found"
        >
          {notFound
            ? `The service has no booking with own reference ${lookup} yet. That does not show it was not made: a booking can take a moment to be found, and the service documents reading bookings by id only. Do not book again until you know: look it up again in a moment, check with the property manager, or mark it settled with a note.`
            : `${describeError(look.error).title}: ${describeError(look.error).message}`}
        </Alert>
      )}
      {settled?.settlement && (
        <Text size="sm" role="status" data-testid="create-settled">
          {settlementText(settled.settlement)}
        </Text>
      )}
    </Stack>
  )
}

/** What the service did with the booking, as it said it (refusals stay on the form). */
export function CreateOutcomeView({
  outcome,
  ownReference,
  onOpenBooking
}: {
  outcome: Exclude<CreateOutcome, { outcome: 'refused' }>
  /** The own reference typed in the form, should main's answer not name the one it sent. */
  ownReference?: string
  onOpenBooking: (id: string) => void
}) {
  if (outcome.outcome === 'done') return <Done o={outcome} onOpenBooking={onOpenBooking} />
  return (
    <Unknown
      message={outcome.message}
      lookup={outcome.lookup ?? (ownReference || null)}
      known={outcome.booking}
      journalId={outcome.journalId ?? null}
      onOpenBooking={onOpenBooking}
    />
  )
}
