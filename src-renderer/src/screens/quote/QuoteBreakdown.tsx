import { Alert, List, Stack, Table, Text, Title } from '@mantine/core'
import type { QuoteView } from '@shared/ipc/quotes.schema'
import { formatCents, formatDate } from '../../components/text'
import {
  bookingTypeText,
  checkInLines,
  sideMessage,
  totalLines,
  type BreakdownLine,
  type QuoteSide
} from './breakdown'

function AmountRow({ line }: { line: BreakdownLine }) {
  return (
    <Table.Tr data-line={line.key}>
      <Table.Th scope="row" fw={line.total ? 700 : 400}>
        {line.label}
        {line.note && (
          <Text size="xs" c="dimmed" data-testid="discount-note">
            {line.note}
          </Text>
        )}
      </Table.Th>
      <Table.Td
        ta="right"
        fw={line.total ? 700 : 400}
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        data-cents={line.minus ? -line.cents : line.cents}
      >
        {line.minus ? `−${formatCents(line.cents)}` : formatCents(line.cents)}
      </Table.Td>
    </Table.Tr>
  )
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={4} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  )
}

/**
 * One quote, line by line: what makes up the total to pay, what is paid at check-in, the
 * deposit, the instalments with their due dates, the booking type and cancellation policy.
 * `label` names the tables for assistive technology ("Live quote", "Offline estimate").
 */
export function QuoteBreakdown({
  view,
  label,
  discountNote
}: {
  view: QuoteView
  label: string
  discountNote?: string
}) {
  const checkIn = checkInLines(view)
  return (
    <Stack gap="md">
      <Table verticalSpacing={4} aria-label={`${label}: price`} data-testid="price-lines">
        <Table.Tbody>
          {totalLines(view, discountNote).map((l) => (
            <AmountRow key={l.key} line={l} />
          ))}
        </Table.Tbody>
      </Table>

      <Section title="Paid at check-in (not in the total)">
        {checkIn.length === 0 ? (
          <Text size="sm" c="dimmed">
            No taxes or local tax.
          </Text>
        ) : (
          <Table verticalSpacing={4} aria-label={`${label}: paid at check-in`}>
            <Table.Tbody>
              {checkIn.map((l) => (
                <AmountRow key={l.key} line={l} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>

      <Table verticalSpacing={4} aria-label={`${label}: deposit`}>
        <Table.Tbody>
          <AmountRow
            line={{
              key: 'deposit',
              label: 'Security deposit (not charged unless there is damage)',
              cents: view.securityDepositCents
            }}
          />
        </Table.Tbody>
      </Table>

      <Section title="Instalments">
        {view.instalments.length === 0 ? (
          <Text size="sm" c="dimmed">
            None stated.
          </Text>
        ) : (
          <Table verticalSpacing={4} aria-label={`${label}: instalments`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Instalment</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.instalments.map((i, k) => (
                <Table.Tr key={k} data-testid="instalment">
                  <Table.Td tt="capitalize">{i.name}</Table.Td>
                  <Table.Td data-date={i.dueDate}>{formatDate(i.dueDate)}</Table.Td>
                  <Table.Td ta="right" data-cents={i.amountCents}>
                    {formatCents(i.amountCents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>

      <Section title="Booking and cancellation">
        <Text size="sm" data-testid="booking-type" data-booking-type={view.bookingType}>
          {bookingTypeText(view.bookingType)}
        </Text>
        <Text size="sm" data-testid="cancellation-policy">
          {view.cancellationPolicyName
            ? `Cancellation policy: ${view.cancellationPolicyName}`
            : 'Cancellation policy: not stated'}
        </Text>
        {view.cancellation && (
          <Text size="sm" c="dimmed">
            {view.cancellation}
          </Text>
        )}
      </Section>
    </Stack>
  )
}

/** A side of the answer that holds no price: unavailable (with reasons), unreachable, unknown. */
export function SideNotice({ side, which }: { side: QuoteSide; which: 'live' | 'offline' }) {
  const message = sideMessage(side, which)
  if (!message) return null
  if (side.state === 'unavailable') {
    return (
      <Alert
        color="orange"
        variant="light"
        role="status"
        title="Not available"
        data-testid={`${which}-unavailable`}
      >
        <Text size="sm">{message}</Text>
        <List size="sm" mt={4}>
          {side.reasons.map((r, i) => (
            <List.Item key={i}>{r}</List.Item>
          ))}
        </List>
      </Alert>
    )
  }
  // Unreachable is the service's state, not a failure of StayDesk: said plainly, not in red.
  return (
    <Alert
      color={side.state === 'unreachable' ? 'yellow' : 'gray'}
      variant="light"
      role="status"
      data-testid={`${which}-${side.state}`}
    >
      <Text size="sm">{message}</Text>
    </Alert>
  )
}
