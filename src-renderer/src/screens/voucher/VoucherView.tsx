import type { ReactNode } from 'react'
import { List, Text, Title } from '@mantine/core'
import { bookingStatusLabel, ENDED_STATUSES } from '@shared/domain/booking-status'
import type { KeptBooking } from '@shared/ipc/desk.schema'
import { formatCents, formatDate, formatDateTime, formatDay } from '../../components/format'
import {
  addressLines,
  airportText,
  cardTypeLabel,
  coordinatesText,
  guestName,
  instalmentState,
  instantOf,
  moneySummary,
  nightsOf,
  phoneText,
  plural,
  policyTier,
  tierWords,
  toCents
} from '../bookings/booking-words'
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
  const money = moneySummary(b.instalments)
  const ended = ENDED_STATUSES.includes(b.status)
  const policy = b.cancellationPolicy
  return (
    <article className={classes.sheet} data-testid="voucher" data-booking-id={b.id}>
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
            <tr>
              <th scope="row">Rental</th>
              <td className={classes.num}>{formatCents(toCents(b.payment?.rental))}</td>
            </tr>
            <tr>
              <th scope="row">Cleaning</th>
              <td className={classes.num}>{formatCents(toCents(b.payment?.cleaning))}</td>
            </tr>
            {!!b.payment?.discount && (
              <tr>
                <th scope="row">Discount (included in the rental)</th>
                <td className={classes.num}>−{formatCents(toCents(b.payment.discount))}</td>
              </tr>
            )}
            <tr className={classes.total}>
              <th scope="row">Total{b.payment?.currency ? ` (${b.payment.currency})` : ''}</th>
              <td className={classes.num}>{formatCents(toCents(b.payment?.amount))}</td>
            </tr>
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
                      {instalmentState(x)}
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
        <Text size="sm" mt="xs">
          Paid: {formatCents(money.paidCents)}
          {money.refundedCents ? ` · Refunded: ${formatCents(money.refundedCents)}` : ''}
          {!ended ? ` · Still to pay: ${formatCents(money.unpaidCents)}` : ''}
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
