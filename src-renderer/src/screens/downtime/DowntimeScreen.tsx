import type { ReactNode } from 'react'
import { Alert, Button, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { DowntimeSheet, SheetRow } from '@shared/ipc/commands/downtime'
import { sentenceDate } from '@shared/domain/date-words'
import { syncStatusQuery } from '../../app/queries'
import { useNavigationActions } from '../../app/navigation'
import { useServiceOffline, useVia } from '../../components/DataAgeNote'
import { unreachableText } from '../../components/data-source'
import { notifyError, notifySuccess } from '../../components/notify'
import { useNow } from '../../components/use-now'
import { call } from '../../ipc/client'
import { useCommandMutation } from '../../ipc/mutation'
import { mirrorQuery } from '../../ipc/query-keys'
import { addressLines, phoneText } from '../bookings/booking-words'
import { ProblemAlert } from '../bookings/ProblemAlert'
import page from '../voucher/Voucher.module.css'
import classes from './Downtime.module.css'
import { leaveDowntimePack } from './downtime-nav'
import {
  byDay,
  countsText,
  eventTimeText,
  LEFT_OFF_RULE,
  leftOffText,
  LOCAL_TIME_RULE,
  paymentText,
  statusText,
  utcAgo,
  windowText
} from './downtime-words'

/**
 * Made from the kept bookings and the mirror's listings whenever it is shown (and each minute,
 * as the window moves with the clock); any booking read or sync re-reads it.
 */
const sheetQuery = queryOptions({
  ...mirrorQuery(['bookings', 'listings'], 'downtime'),
  queryFn: () => call('downtime:sheet', {}),
  refetchInterval: 60_000
})

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <div className={page.label}>{label}</div>
      {children}
    </div>
  )
}

const orDash = (s: string | null | undefined) => (s && s.trim() ? s : '—')

function Row({ row, now }: { row: SheetRow; now: number }) {
  const address = addressLines({
    address: row.address.address ?? undefined,
    street: row.address.street ?? undefined,
    number: row.address.number ?? undefined,
    zip: row.address.zip ?? undefined,
    city: row.address.city ?? undefined,
    region: row.address.region ?? undefined,
    country: row.address.country ?? undefined
  })
  const phone = row.contactPhone
    ? phoneText({
        country: row.contactPhone.country ?? undefined,
        number: row.contactPhone.number ?? undefined,
        code: row.contactPhone.code ?? undefined
      })
    : null
  const event = row.event === 'arrival' ? 'Arrival' : 'Departure'
  return (
    <article
      className={classes.row}
      aria-label={`${event} ${row.bookingId}`}
      data-testid="downtime-row"
      data-booking-id={row.bookingId}
      data-event={row.event}
      data-date={row.date}
    >
      <Group gap="xs" wrap="wrap">
        <Text className={classes.event} size="sm">
          {event}
        </Text>
        <Text size="sm" fw={600}>
          {eventTimeText(row)}
        </Text>
        <Text size="sm" fw={600}>
          · Booking {row.bookingId}
        </Text>
      </Group>
      <Text size="sm">
        Status: {statusText(row.status)} · {paymentText(row.paymentStatus)}
      </Text>
      <div className={classes.grid}>
        <Item label="Guest">
          <Text size="sm" fw={600}>
            {orDash(row.guest.name)}
          </Text>
          <Text size="sm">E-mail: {orDash(row.guest.email)}</Text>
          <Text size="sm">Phone: {orDash(row.guest.phone)}</Text>
        </Item>
        <Item label="Property">
          <Text size="sm" fw={600}>
            {row.listingName
              ? `${row.listingName} (${row.listingId})`
              : row.listingId !== null
                ? `Listing ${row.listingId}`
                : 'Listing not known'}
          </Text>
          {address.length > 0 ? (
            address.map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))
          ) : (
            <Text size="sm">Address not given</Text>
          )}
          {row.addressFrom === 'booking' && (
            <Text size="xs" c="dimmed">
              Address from the booking (the offline copy has no such listing)
            </Text>
          )}
        </Item>
        <Item label="Check-in">
          <Text size="sm">
            Check-in {orDash(row.checkInTime)} · check-out {orDash(row.checkOutTime)}
          </Text>
          <Text size="sm">Contact: {orDash(row.checkinContact)}</Text>
          <Text size="sm">Phone: {orDash(phone)}</Text>
          {row.collectionPoint && <Text size="sm">Keys: {row.collectionPoint}</Text>}
        </Item>
      </div>
      <Text size="xs" c="dimmed" mt={6} data-testid="downtime-row-age">
        Copy read from the service {utcAgo(row.keptAt, now)}
      </Text>
    </article>
  )
}

function SheetView({ sheet, now }: { sheet: DowntimeSheet; now: number }) {
  const days = byDay(sheet.rows)
  return (
    <>
      <Text size="sm" data-testid="downtime-counts">
        {countsText(sheet)}.
      </Text>
      {days.length === 0 ? (
        <Text mt="lg" data-testid="downtime-empty">
          No kept booking arrives or leaves on these dates. The sheet knows only the bookings
          StayDesk has read (the service has no list of bookings to ask).
        </Text>
      ) : (
        days.map((d) => (
          <section key={d.date} className={classes.day} aria-labelledby={`day-${d.date}`}>
            <Title order={2} size="h4" id={`day-${d.date}`}>
              {sentenceDate(d.date)}
            </Title>
            {d.rows.map((r) => (
              <Row key={`${r.event}-${r.bookingId}`} row={r} now={now} />
            ))}
          </section>
        ))
      )}
      <section className={classes.day} aria-labelledby="downtime-left-off">
        <Title order={2} size="h5" id="downtime-left-off">
          Not on this sheet
        </Title>
        <Text size="sm">{LEFT_OFF_RULE}</Text>
        {sheet.leftOff.length > 0 ? (
          <List size="sm" data-testid="downtime-left-off">
            {sheet.leftOff.map((l) => (
              <List.Item key={`${l.event}-${l.bookingId}`}>{leftOffText(l)}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" data-testid="downtime-left-off">
            None on these dates.
          </Text>
        )}
      </section>
    </>
  )
}

/**
 * The downtime pack, alone in the window: what prints is what shows. "Save as PDF" asks main to
 * print this window while the sheet is on it (the toolbar hides itself from print) and to save
 * the file where the person chooses; nothing is written anywhere else.
 */
export function DowntimeScreen() {
  const nav = useNavigationActions()
  const sheet = useQuery(sheetQuery)
  const status = useQuery(syncStatusQuery)
  const save = useCommandMutation('downtime:save-pdf')
  const offline = useServiceOffline()
  const via = useVia()
  const now = useNow(15_000)
  const listings = status.data?.resources.find((r) => r.resource === 'listings')

  const saveAsPdf = () =>
    save.mutate(
      {},
      {
        onSuccess: ({ file }) => {
          if (file) notifySuccess('Downtime pack saved', file)
        },
        onError: (err) => notifyError('Save the downtime pack', err)
      }
    )

  return (
    <div className={page.page}>
      <Group component="header" className={page.toolbar} justify="space-between">
        <Group gap="xs">
          <Button variant="default" onClick={() => leaveDowntimePack(nav)}>
            Back
          </Button>
          <Button onClick={saveAsPdf} loading={save.isPending} disabled={!sheet.data}>
            Save as PDF
          </Button>
        </Group>
        {offline && (
          <Text size="sm" fw={500} data-testid="downtime-offline">
            {unreachableText(via, true)}: this sheet is made from the offline copy.
          </Text>
        )}
      </Group>
      <main
        className={page.sheet}
        aria-labelledby="downtime-title"
        data-testid="downtime-sheet"
        data-made-at={sheet.data?.madeAt}
      >
        <Title order={1} size="h2" id="downtime-title">
          Downtime pack{sheet.data ? ` · ${sheet.data.profile.name}` : ''}
        </Title>
        {sheet.data && (
          <Stack gap={2} mt={4} mb="sm">
            <Text size="sm" fw={600} data-testid="downtime-window">
              {windowText(sheet.data)}.
            </Text>
            <Text size="sm" data-testid="downtime-local-time">
              {LOCAL_TIME_RULE}
            </Text>
            <Text size="sm" data-testid="downtime-source">
              As of {utcAgo(sheet.data.madeAt, now)}, profile {sheet.data.profile.name} (
              {sheet.data.profile.kind}). From the bookings this profile keeps, each as last read
              from the service (its row says when), and the offline copy&apos;s listings
              {listings?.lastSuccessAt ? `, synced ${utcAgo(listings.lastSuccessAt, now)}` : ''}.
            </Text>
          </Stack>
        )}
        {sheet.isError ? (
          <ProblemAlert
            context="Making the downtime pack"
            error={sheet.error}
            onRetry={() => void sheet.refetch()}
          />
        ) : sheet.data ? (
          <SheetView sheet={sheet.data} now={now} />
        ) : (
          <Stack role="status" aria-label="Making the downtime pack">
            <Skeleton height={30} />
            <Skeleton height={200} />
          </Stack>
        )}
        {offline && (
          <Alert color="gray" variant="outline" mt="lg" title="While the service is down">
            New bookings, cancellations and payments made elsewhere are not on this sheet until the
            service answers again and StayDesk reads them.
          </Alert>
        )}
      </main>
    </div>
  )
}
