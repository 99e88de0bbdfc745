import { Badge, Group, List, Skeleton, Table, Text } from '@mantine/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import {
  BookingPriceAtBooking,
  type PriceAtBookingLine
} from '@shared/watch/price-at-booking.schema'
import { ErrorAlert } from '../../components/ErrorAlert'
import {
  formatCents,
  formatDate,
  formatDateTime,
  humanDuration,
  plural
} from '../../components/text'
import { call } from '../../ipc/client'
import { mirrorQuery } from '../../ipc/query-keys'
import { Section } from './DetailsSections'
import { LineHeader } from './MoneyTable'

/**
 * "Price at booking": the stay priced from the rates as they stood when the booking was made
 * (main rolls the offline copy's rates back through the changes it recorded) beside what the
 * booking says it cost, with the rule that differs named in words (watch:booking-price).
 */

/** Re-read when a sync changes the rates or the listing, or the booking is read again. */
function priceAtBookingQuery(bookingId: string) {
  return queryOptions({
    ...mirrorQuery(['bookings', 'rates', 'listings'], 'price-at-booking', bookingId),
    // Checked here too: the answer crosses IPC, and the page reads every field it shows.
    queryFn: async () =>
      BookingPriceAtBooking.parse(await call('watch:booking-price', { bookingId }))
  })
}

const VERDICT = {
  same: { label: 'Same as the booking', color: 'teal' },
  differs: { label: 'Differs from the booking', color: 'orange' },
  'not-known': { label: 'Not known', color: 'gray' }
} as const

/** "−€38.00" for the discount, as the line takes it off. */
function money(cents: number | null): string {
  if (cents === null) return '—'
  return cents < 0 ? `−${formatCents(-cents)}` : formatCents(Math.abs(cents))
}

/** Said when the service's clock differs from this computer's by more than a minute. */
function clockWords(aheadMs: number | null | undefined): string {
  if (aheadMs == null || Math.abs(aheadMs) < 60_000) return ''
  const by = humanDuration(Math.abs(aheadMs))
  return ` by the service’s clock, ${by} ${aheadMs > 0 ? 'ahead of' : 'behind'} this computer’s`
}

function MoneyCell({ cents, strong }: { cents: number | null; strong: boolean }) {
  return (
    <Table.Td
      ta="right"
      fw={strong ? 700 : 400}
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      data-cents={cents ?? ''}
    >
      {money(cents)}
    </Table.Td>
  )
}

function LinesTable({ lines, day }: { lines: readonly PriceAtBookingLine[]; day: string }) {
  return (
    <Table
      verticalSpacing={3}
      horizontalSpacing="xs"
      aria-label="The stay at the rates of the day it was booked, line by line"
      data-testid="price-at-booking-lines"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Line</Table.Th>
          <Table.Th ta="right">At the rates of {day}</Table.Th>
          <Table.Th ta="right">The booking says</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((l) => (
          <Table.Tr key={l.key} data-line={l.key}>
            <LineHeader label={l.label} note={l.note} strong={l.subtotal} />
            <MoneyCell cents={l.cents} strong={l.subtotal} />
            <MoneyCell cents={l.bookingCents} strong={l.subtotal} />
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/** Each night's rate then and now, for stays short enough to list (a month). */
function NightsTable({ out }: { out: BookingPriceAtBooking }) {
  if (out.nights.length === 0 || out.nights.length > 31) return null
  return (
    <Table
      verticalSpacing={2}
      horizontalSpacing="xs"
      mt="sm"
      aria-label="Each night’s rate when the booking was made and now"
      data-testid="price-at-booking-nights"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Night</Table.Th>
          <Table.Th ta="right">Then</Table.Th>
          <Table.Th ta="right">Now</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {out.nights.map((n) => (
          <Table.Tr key={n.date} data-night={n.date}>
            <Table.Th scope="row" fw={400}>
              {formatDate(n.date)}
            </Table.Th>
            <MoneyCell cents={n.cents} strong={false} />
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-cents={n.nowCents ?? ''}>
              {n.nowCents === null
                ? 'none published'
                : n.cents !== null && n.nowCents !== n.cents
                  ? `${formatCents(n.nowCents)} (changed)`
                  : formatCents(n.nowCents)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/** Where the figures come from, and how old they are. */
function sourceText(out: BookingPriceAtBooking): string {
  const made =
    out.madeAt === null
      ? 'when the booking was made is not known'
      : out.madeFrom === 'payment-date'
        ? `made ${formatDateTime(out.madeAt)}${clockWords(out.serviceClockAheadMs)} (its first payment)`
        : `made on ${formatDate(out.madeOn)} (the day its first instalment fell due)`
  const seen =
    out.ratesSeenAt === null
      ? 'the offline copy holds no rates for its listing'
      : `the offline copy’s rates as last changed ${formatDateTime(out.ratesSeenAt)}, ${plural(out.changesRolledBack, 'recorded change')} since the booking undone`
  const history =
    out.historyStartsAt === null
      ? ''
      : `; its history starts ${formatDateTime(out.historyStartsAt)}`
  return `From ${seen}${history}. The booking was ${made}.`
}

export function PriceAtBookingSection({ bookingId }: { bookingId: string }) {
  const q = useQuery(priceAtBookingQuery(bookingId))
  return (
    <Section title="Price at booking" testId="booking-price-at-booking">
      {q.isPending ? (
        <Skeleton h={120} />
      ) : q.isError ? (
        <ErrorAlert error={q.error} />
      ) : (
        <PriceAtBooking out={q.data} />
      )}
    </Section>
  )
}

function PriceAtBooking({ out }: { out: BookingPriceAtBooking }) {
  const verdict = VERDICT[out.verdict]
  const day = out.madeOn ? formatDate(out.madeOn) : 'the day it was made'
  return (
    <>
      <Group gap="xs" mb="xs" wrap="nowrap" align="flex-start">
        <Badge
          color={verdict.color}
          variant="light"
          data-testid="price-at-booking-verdict"
          data-verdict={out.verdict}
          style={{ flexShrink: 0 }}
        >
          {verdict.label}
        </Badge>
        <Text size="sm" data-testid="price-at-booking-summary">
          {out.summary}
        </Text>
      </Group>
      {out.differences.length > 0 && (
        <List size="sm" spacing={2} mb="xs" data-testid="price-at-booking-differences">
          {out.differences.map((d) => (
            <List.Item key={d.rule} data-rule={d.rule}>
              {d.words}
            </List.Item>
          ))}
        </List>
      )}
      {out.unknowns.length > 0 && (
        <List size="sm" spacing={2} mb="xs" data-testid="price-at-booking-unknowns">
          {out.unknowns.map((u) => (
            <List.Item key={u}>{u}</List.Item>
          ))}
        </List>
      )}
      <LinesTable lines={out.lines} day={day} />
      <NightsTable out={out} />
      <Text size="xs" c="dimmed" mt="xs" data-testid="price-at-booking-source">
        {sourceText(out)}
      </Text>
    </>
  )
}
