import type { ReactNode } from 'react'
import { Anchor, List, Paper, Table, Text, Title } from '@mantine/core'
import type { KeptBooking } from '@shared/ipc/bookings.schema'
import { formatDay, formatNumber } from '../../components/text'
import { addressLines, airportText, coordinatesText, guestName, phoneText } from './booking-words'
import { mailtoOf, nightsOf, telOf } from './booking-model'
import { CopyValue } from './CopyValue'

/**
 * The booking's people and place: guest, stay, property and arrival instructions. Every field
 * the service sends is shown; one it left out reads "—".
 */

export function Section({
  title,
  testId,
  children
}: {
  title: string
  testId: string
  children: ReactNode
}) {
  const id = `booking-section-${testId}`
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={id}
      data-testid={testId}
    >
      <Title order={3} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  )
}

/** A labelled row of a details table; empty values read "—". */
export function Field({ label, children }: { label: string; children?: ReactNode }) {
  const empty = children === undefined || children === null || children === ''
  return (
    <Table.Tr>
      <Table.Th w={190} fw={500} c="dimmed" scope="row" style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td data-field={label} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {empty ? '—' : children}
      </Table.Td>
    </Table.Tr>
  )
}

export function Fields({ children }: { children: ReactNode }) {
  return (
    <Table
      withRowBorders={false}
      verticalSpacing={3}
      horizontalSpacing="xs"
      style={{ tableLayout: 'fixed', width: '100%' }}
    >
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  )
}

function timeText(date: string, time: string | undefined, word: 'from' | 'until'): string {
  return time ? `${formatDay(date)}, ${word} ${time}` : formatDay(date)
}

export function GuestSection({ kept }: { kept: KeptBooking }) {
  const g = kept.booking.guest
  return (
    <Section title="Guest" testId="booking-guest">
      <Fields>
        <Field label="Name">{guestName(g)}</Field>
        <Field label="E-mail">
          {g?.email ? (
            <CopyValue value={g.email} what="e-mail address">
              {mailtoOf(g.email) ? (
                <Anchor href={mailtoOf(g.email)!} target="_blank" rel="noreferrer" size="sm">
                  {g.email}
                </Anchor>
              ) : (
                g.email
              )}
            </CopyValue>
          ) : undefined}
        </Field>
        <Field label="Phone">
          {g?.phone ? (
            <CopyValue value={g.phone} what="phone number">
              {telOf(g.phone) ? (
                <Anchor href={telOf(g.phone)!} target="_blank" rel="noreferrer" size="sm">
                  {g.phone}
                </Anchor>
              ) : (
                g.phone
              )}
            </CopyValue>
          ) : undefined}
        </Field>
        <Field label="Country">{g?.country}</Field>
        <Field label="Language">{g?.language}</Field>
        <Field label="Address">{g?.address}</Field>
        <Field label="Billing address">{g?.billingAddress}</Field>
        <Field label="Guest id">{g?.id}</Field>
      </Fields>
    </Section>
  )
}

export function StaySection({
  kept,
  onOpenListing
}: {
  kept: KeptBooking
  onOpenListing: (id: number) => void
}) {
  const b = kept.booking
  const s = kept.summary
  const nights = nightsOf(b.checkIn.date, b.checkOut.date)
  return (
    <Section title="Stay" testId="booking-stay">
      <Fields>
        <Field label="Check-in">{timeText(b.checkIn.date, b.checkIn.time, 'from')}</Field>
        <Field label="Check-out">{timeText(b.checkOut.date, b.checkOut.time, 'until')}</Field>
        <Field label="Nights">{nights !== null ? formatNumber(nights) : undefined}</Field>
        <Field label="Adults">{b.adults !== undefined ? formatNumber(b.adults) : undefined}</Field>
        <Field label="Listing">
          {s.listingId !== null ? (
            <Anchor
              component="button"
              type="button"
              ta="left"
              onClick={() => onOpenListing(s.listingId!)}
            >
              {s.listingName ? `${s.listingName} (#${s.listingId})` : `Listing #${s.listingId}`}
            </Anchor>
          ) : (
            s.listingName
          )}
        </Field>
        <Field label="Property manager">{b.propertyManagerName}</Field>
        <Field label="Sales channel">{b.salesChannel}</Field>
        <Field label="Sales brand">{b.salesBrand}</Field>
        <Field label="Own reference">{s.ownReference}</Field>
      </Fields>
    </Section>
  )
}

export function PropertySection({ kept }: { kept: KeptBooking }) {
  const a = kept.booking.propertyAddress
  const lines = addressLines(a)
  return (
    <Section title="Property" testId="booking-property">
      <Fields>
        <Field label="Address">
          {lines.length ? (
            <>
              {lines.map((l) => (
                <Text size="sm" key={l}>
                  {l}
                </Text>
              ))}
            </>
          ) : undefined}
        </Field>
        <Field label="Country code">{a?.countryISO}</Field>
        <Field label="Map coordinates">{coordinatesText(a?.latitude, a?.longitude)}</Field>
        <Field label="Place id">{a?.placeId}</Field>
        <Field label="Rental licence">{a?.rentalLicenseNumber}</Field>
      </Fields>
    </Section>
  )
}

export function InstructionsSection({ kept }: { kept: KeptBooking }) {
  const i = kept.booking.instructions
  const airports = i?.closestAirportsList ?? []
  return (
    <Section title="Instructions" testId="booking-instructions">
      <Fields>
        <Field label="Check-in contact">{i?.checkinContact}</Field>
        <Field label="Collection point">{i?.collectionPoint}</Field>
        <Field label="Check-in time">{i?.checkIn}</Field>
        <Field label="Check-out time">{i?.checkOut}</Field>
        <Field label="Phone">{phoneText(i?.phone)}</Field>
        <Field label={`Closest ${airports.length === 1 ? 'airport' : 'airports'}`}>
          {airports.length ? (
            <List size="sm" spacing={2}>
              {airports.map((ap, n) => (
                <List.Item key={`${ap.iata ?? ''}-${n}`}>{airportText(ap)}</List.Item>
              ))}
            </List>
          ) : undefined}
        </Field>
      </Fields>
    </Section>
  )
}
