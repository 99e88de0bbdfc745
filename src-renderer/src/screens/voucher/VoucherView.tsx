import type { ReactNode } from 'react'
import { List, Text, Title } from '@mantine/core'
import { bookingStatusLabel, ENDED_STATUSES } from '@shared/domain/booking-status'
import { utcDateOf } from '@shared/domain/dates'
import type { KeptBooking } from '@shared/ipc/bookings.schema'
import { formatCents, formatDate, formatDateTime, formatDay, plural } from '../../components/text'
import {
  addressLines,
  airportText,
  cardTypeLabel,
  coordinatesText,
  guestName,
  instalmentStateOn,
  phoneText,
  tierWords
} from '../bookings/booking-words'
import { instantOf, nightsOf, policyTier, toCents } from '../bookings/booking-model'
import { bookingPriceParts, bookingProgress, priceLines } from '@shared/domain/money-lines'
import { useNow } from '../../components/use-now'
import classes from './Voucher.module.css'

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={classes.section}>
      <Title order={2} size="h4" mb={6}>
        {title}
      </Title>
      {children}
    </section>
  )
}

function Item({ label, children }: { label: string; children?: ReactNode }) {
  if (children === undefined || children === null || children === '') return null
  return (
    <div>
      <div className={classes.label}>{label}</div>
      <Text size="sm">{children}</Text>
    </div>
  )
}

/**
 * The guest's voucher: who, when, where, how to get in, what was paid and what is still due,
 * and the cancellation terms. Plain sections that print on white paper (Voucher.module.css).
 */
export function VoucherView({ kept }: { kept: KeptBooking }) {
  const b = kept.booking
  const s = kept.summary
  const name = guestName(b.guest) ?? 'Guest'
  const nights = nightsOf(b.checkIn.date, b.checkOut.date)
  const address = addressLines(b.propertyAddress)
  const coordinates = coordinatesText(b.propertyAddress?.latitude, b.propertyAddress?.longitude)
  const i = b.instructions
  const today = utcDateOf(useNow(60_000))
  const money = bookingProgress(b, today)
  const parts = bookingPriceParts(b.payment)
  const lines = parts ? priceLines(parts, { totalLabel: 'Total' }) : []
  const ended = ENDED_STATUSES.includes(b.status)
  const cancelled = b.status.startsWith('cancelled')
  const policy = b.cancellationPolicy
  return (
    <article className={classes.sheet} data-testid="voucher" data-booking-id={b.id}>
      {ended && (
        <p className={classes.void} role="note" data-testid="voucher-void">
          {cancelled
            ? `Cancelled: this booking was ${bookingStatusLabel(b.status).toLowerCase()}. This voucher is not valid for a stay.`
            : `${bookingStatusLabel(b.status)}: this voucher is not valid for a stay.`}
        </p>
      )}
      <Text className={classes.label}>{b.salesBrand ?? b.salesChannel ?? 'Booking voucher'}</Text>
      <Title order={1} size="h2">
        Booking voucher {b.id}
      </Title>
      <Text size="sm" mt={4}>
        For {name} · {bookingStatusLabel(b.status)}
        {s.ownReference ? ` · Reference ${s.ownReference}` : ''}
      </Text>

      <Part title="Your stay">
        <div className={classes.grid}>
          <Item label="Check-in">
            {formatDay(b.checkIn.date)}
            {b.checkIn.time ? `, from ${b.checkIn.time}` : ''}
          </Item>
          <Item label="Check-out">
            {formatDay(b.checkOut.date)}
            {b.checkOut.time ? `, until ${b.checkOut.time}` : ''}
          </Item>
          <Item label="Nights">{nights !== null ? String(nights) : undefined}</Item>
          <Item label="Guests">
            {b.adults !== undefined ? plural(b.adults, 'adult') : undefined}
          </Item>
          <Item label="Property">{s.listingName ?? undefined}</Item>
          <Item label="Host">{b.propertyManagerName}</Item>
        </div>
      </Part>

      <Part title="Guest">
        <div className={classes.grid}>
          <Item label="Name">{name}</Item>
          <Item label="E-mail">{b.guest?.email}</Item>
          <Item label="Phone">{b.guest?.phone}</Item>
        </div>
      </Part>

      <Part title="Address">
        {address.map((l) => (
          <Text size="sm" key={l}>
            {l}
          </Text>
        ))}
        {coordinates && <Text size="sm">Map coordinates: {coordinates}</Text>}
      </Part>

      <Part title="Arrival">
        <div className={classes.grid}>
          <Item label="Check-in contact">{i?.checkinContact}</Item>
          <Item label="Phone">{phoneText(i?.phone)}</Item>
          <Item label="Collection point">{i?.collectionPoint}</Item>
          <Item label="Closest airports">
            {(i?.closestAirportsList ?? []).map(airportText).join('; ') || undefined}
          </Item>
        </div>
      </Part>

      <Part title="Payment">
        <table className={classes.money} aria-label="Price">
          <tbody>
            {lines.map((l) => (
              <tr key={l.key} className={l.total ? classes.total : undefined} data-line={l.key}>
                <th scope="row">
                  {l.total && b.payment?.currency ? `${l.label} (${b.payment.currency})` : l.label}
                </th>
                <td className={classes.num} data-cents={l.minus ? -l.cents : l.cents}>
                  {l.minus ? `−${formatCents(l.cents)}` : formatCents(l.cents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {b.instalments.length > 0 && (
          <table className={classes.money} aria-label="Instalments" style={{ marginTop: 12 }}>
            <thead>
              <tr>
                <th>Instalment</th>
                <th className={classes.num}>Amount</th>
                <th>Due</th>
                <th>State</th>
                <th>Paid</th>
              </tr>
            </thead>
            <tbody>
              {b.instalments.map((x, n) => {
                const paidAt = instantOf(x.paidAt)
                const card = cardTypeLabel(x.paymentCardType)
                return (
                  <tr key={`${x.id ?? n}`}>
                    <td>{x.name ?? `Instalment ${n + 1}`}</td>
                    <td className={classes.num}>{formatCents(toCents(x.amount))}</td>
                    <td>{formatDate(x.dueDate)}</td>
                    <td>
                      {instalmentStateOn(x, b, today)}
                      {x.refundedAmount
                        ? `, ${formatCents(toCents(x.refundedAmount))} refunded`
                        : ''}
                    </td>
                    <td>
                      {paidAt !== null ? formatDateTime(paidAt) : '—'}
                      {card ? ` · ${card}` : ''}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
        <Text size="sm" mt="xs" data-testid="voucher-paid">
          Paid: {formatCents(money.paidCents)}
          {money.refundedCents ? ` · Refunded: ${formatCents(money.refundedCents)}` : ''}
          {ended
            ? money.notOwedCents
              ? ` · Not paid, no longer due: ${formatCents(money.notOwedCents)}`
              : ''
            : ` · Still to pay: ${formatCents(money.dueCents)}`}
          {money.nextDue ? ` (next due ${formatDate(money.nextDue.dueDate)})` : ''}
        </Text>
      </Part>

      <Part title="Cancellation policy">
        {policy?.name && <Text size="sm">{policy.name}</Text>}
        {!!policy?.listText?.length && (
          <List size="sm" spacing={2}>
            {policy.listText.map((t) => (
              <List.Item key={t}>{t}</List.Item>
            ))}
          </List>
        )}
        {!ended && <Text size="sm">Cancelling today: {tierWords(policyTier(policy))}</Text>}
      </Part>
    </article>
  )
}
