import { Code, Group, List, Table, Text } from '@mantine/core'
import { ENDED_STATUSES } from '@shared/domain/booking-status'
import { utcDateOf } from '@shared/domain/dates'
import { bookingPriceParts, bookingProgress, priceLines } from '@shared/domain/money-lines'
import type { KeptBooking } from '@shared/ipc/bookings.schema'
import { formatCents, formatDate, formatDateTime } from '../../components/text'
import { PaymentStatusBadge } from '../../components/StatusBadge'
import { useNow } from '../../components/use-now'
import {
  cardTypeLabel,
  endedTierWords,
  endedWhy,
  extraLines,
  instalmentStateOn,
  tierWords
} from './booking-words'
import { instantOf, policyTier, toCents } from './booking-model'
import { CopyValue } from './CopyValue'
import { Field, Fields, Section } from './DetailsSections'
import { MoneyTable } from './MoneyTable'
import { timeLeft } from './deadline'

/** The booking's money (price, instalments, refunds) and its cancellation policy. */

/** The money after the total: paid, still due (and when), overdue, refunded. */
function progressLines(kept: KeptBooking, today: string) {
  const b = kept.booking
  const p = bookingProgress(b, today)
  const overdueCents = p.overdue.reduce((sum, i) => sum + i.amountCents, 0)
  return { p, overdueCents }
}

export function PaymentSection({ kept }: { kept: KeptBooking }) {
  const now = useNow(30_000)
  const today = utcDateOf(now)
  const b = kept.booking
  const pay = b.payment
  const parts = bookingPriceParts(pay)
  const lines = parts ? priceLines(parts, { totalLabel: 'Total' }) : []
  const { p, overdueCents } = progressLines(kept, today)
  const ended = ENDED_STATUSES.includes(b.status)
  const awaiting = b.status === 'pendingPayment'
  const left = timeLeft(kept.summary.expiresAt, now)
  const paidAt = instantOf(pay?.paymentDate)
  const extras = extraLines(pay?.extrasAndServices)
  return (
    <Section title="Payment" testId="booking-payment">
      <Fields>
        <Field label="Payment status">
          {b.paymentStatus ? (
            <Group gap={6}>
              <PaymentStatusBadge status={b.paymentStatus} />
              <Text size="xs" c="dimmed" span data-testid="service-payment-status">
                the service says <Code>{b.paymentStatus}</Code>
              </Text>
            </Group>
          ) : undefined}
        </Field>
        {awaiting && (
          <Field label="Payment deadline">
            <Text size="sm" span data-testid="payment-deadline" data-urgency={left.urgency}>
              {left.deadline !== null
                ? `${formatDateTime(left.deadline)} (${left.text})`
                : 'Not known: the service’s read does not carry it (known for bookings made or paid here)'}
            </Text>
          </Field>
        )}
        {awaiting && (
          <Field label="Payment link">
            {kept.paymentUrl ? (
              <CopyValue value={kept.paymentUrl} what="payment link">
                <Text size="sm" ff="monospace" span data-testid="payment-link">
                  {kept.paymentUrl}
                </Text>
              </CopyValue>
            ) : (
              'Not known: the service gives it only when the booking is made (not made here)'
            )}
          </Field>
        )}
        <Field label="Currency">{pay?.currency}</Field>
        <Field label="Payment date">
          {paidAt !== null ? formatDateTime(paidAt) : (pay?.paymentDate ?? undefined)}
        </Field>
        {extras.length > 0 && <Field label="Extras and services">{extras.join('; ')}</Field>}
      </Fields>
      {lines.length > 0 ? (
        <MoneyTable lines={lines} label="Price" />
      ) : (
        <Text size="sm" c="dimmed">
          The service’s read states no price for this booking.
        </Text>
      )}
      <Table verticalSpacing={3} horizontalSpacing="xs" mt="sm" aria-label="Paid, due and refunded">
        <Table.Tbody>
          <MoneyRow label="Paid so far" cents={p.paidCents} />
          {ended ? (
            p.notOwedCents > 0 && (
              <MoneyRow
                label={`Not paid, no longer due (${endedWhy(b.status)})`}
                cents={p.notOwedCents}
              />
            )
          ) : (
            <MoneyRow
              label="Still due"
              cents={p.dueCents}
              note={
                p.nextDue
                  ? `Next: ${formatCents(p.nextDue.amountCents)} ${p.nextDue.name ? `(${p.nextDue.name}) ` : ''}due ${formatDate(p.nextDue.dueDate)}`
                  : undefined
              }
            />
          )}
          {overdueCents > 0 && (
            <MoneyRow
              label="Overdue (past its due date, not paid)"
              cents={overdueCents}
              strong
              testId="overdue"
            />
          )}
          <MoneyRow label="Refunded" cents={p.refundedCents} />
        </Table.Tbody>
      </Table>
    </Section>
  )
}

function MoneyRow({
  label,
  cents,
  note,
  strong,
  testId
}: {
  label: string
  cents: number
  note?: string
  strong?: boolean
  testId?: string
}) {
  return (
    <Table.Tr data-testid={testId}>
      <Table.Th scope="row" fw={strong ? 700 : 400}>
        {label}
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
      </Table.Th>
      <Table.Td
        ta="right"
        fw={strong ? 700 : 400}
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        data-cents={cents}
      >
        {formatCents(cents)}
      </Table.Td>
    </Table.Tr>
  )
}

export function InstalmentsSection({ kept }: { kept: KeptBooking }) {
  const today = utcDateOf(useNow(60_000))
  const rows = kept.booking.instalments
  return (
    <Section title="Instalments" testId="booking-instalments">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          The service lists no instalments for this booking.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing={4} aria-label="Instalments" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Instalment</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Paid on</Table.Th>
                <Table.Th>Card</Table.Th>
                <Table.Th ta="right">Refunded</Table.Th>
                <Table.Th>Refunded on</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((i, n) => {
                const paidAt = instantOf(i.paidAt)
                const refundedAt = instantOf(i.refundedAt)
                return (
                  <Table.Tr
                    key={`${i.id ?? n}`}
                    data-testid="instalment-row"
                    data-name={i.name ?? ''}
                  >
                    <Table.Td>{i.name ?? `Instalment ${n + 1}`}</Table.Td>
                    <Table.Td ta="right">{formatCents(toCents(i.amount))}</Table.Td>
                    <Table.Td>{formatDate(i.dueDate)}</Table.Td>
                    <Table.Td data-state={i.status ?? ''}>
                      {instalmentStateOn(i, kept.booking, today)}
                    </Table.Td>
                    <Table.Td>{paidAt !== null ? formatDateTime(paidAt) : '—'}</Table.Td>
                    <Table.Td>{cardTypeLabel(i.paymentCardType) ?? '—'}</Table.Td>
                    <Table.Td ta="right" data-testid="instalment-refunded">
                      {i.refundedAmount != null ? formatCents(toCents(i.refundedAmount)) : '—'}
                    </Table.Td>
                    <Table.Td>{refundedAt !== null ? formatDateTime(refundedAt) : '—'}</Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  )
}

export function PolicySection({ kept }: { kept: KeptBooking }) {
  const policy = kept.booking.cancellationPolicy
  const ended = ENDED_STATUSES.includes(kept.booking.status)
  return (
    <Section title="Cancellation policy" testId="booking-policy">
      <Fields>
        <Field label="Policy">{policy?.name}</Field>
        <Field label={ended ? 'Tier that applied' : 'Tier that applies now'}>
          {ended ? endedTierWords(kept.booking.status, policy) : tierWords(policyTier(policy))}
        </Field>
        <Field label="Terms">
          {policy?.listText?.length ? (
            <List size="sm" spacing={2}>
              {policy.listText.map((t) => (
                <List.Item key={t}>{t}</List.Item>
              ))}
            </List>
          ) : undefined}
        </Field>
      </Fields>
    </Section>
  )
}
