import { List, Table, Text } from '@mantine/core'
import { ENDED_STATUSES } from '@shared/domain/booking-status'
import type { KeptBooking } from '@shared/ipc/desk.schema'
import { formatCents, formatDate, formatDateTime } from '../../components/format'
import { PaymentStatusBadge } from '../../components/StatusBadge'
import {
  cardTypeLabel,
  extraLines,
  instalmentState,
  instantOf,
  moneySummary,
  policyTier,
  tierWords,
  toCents
} from './booking-words'
import { Field, Fields, Section } from './DetailsSections'

/** The booking's money (price, instalments, refunds) and its cancellation policy. */

export function PaymentSection({ kept }: { kept: KeptBooking }) {
  const b = kept.booking
  const p = b.payment
  const money = moneySummary(b.instalments)
  const ended = ENDED_STATUSES.includes(b.status)
  const discount = toCents(p?.discount)
  const paidAt = instantOf(p?.paymentDate)
  const extras = extraLines(p?.extrasAndServices)
  return (
    <Section title="Payment" testId="booking-payment">
      <Fields>
        <Field label="Payment status">
          {b.paymentStatus ? <PaymentStatusBadge status={b.paymentStatus} /> : undefined}
        </Field>
        <Field label="Rental">
          {p?.rental != null ? formatCents(toCents(p.rental)) : undefined}
        </Field>
        <Field label="Cleaning">
          {p?.cleaning != null ? formatCents(toCents(p.cleaning)) : undefined}
        </Field>
        <Field label="Discount">
          {discount !== null
            ? discount > 0
              ? `−${formatCents(discount)}`
              : formatCents(0)
            : undefined}
        </Field>
        <Field label="Extras and services">
          {extras.length ? extras.join('; ') : p?.extrasAndServices ? 'None' : undefined}
        </Field>
        <Field label="Total">
          {p?.amount != null ? (
            <Text fw={700} size="sm" span>
              {formatCents(toCents(p.amount))}
            </Text>
          ) : undefined}
        </Field>
        <Field label="Currency">{p?.currency}</Field>
        <Field label="Payment date">
          {paidAt !== null ? formatDateTime(paidAt) : (p?.paymentDate ?? undefined)}
        </Field>
        <Field label="Paid so far">{formatCents(money.paidCents)}</Field>
        <Field label="Refunded">{formatCents(money.refundedCents)}</Field>
        <Field label={ended ? 'Not paid (no longer due)' : 'Still to pay'}>
          {formatCents(money.unpaidCents)}
        </Field>
      </Fields>
    </Section>
  )
}

export function InstalmentsSection({ kept }: { kept: KeptBooking }) {
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
                    <Table.Td data-state={i.status ?? ''}>{instalmentState(i)}</Table.Td>
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
          {tierWords(policyTier(policy))}
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
