import type { ReactNode } from 'react'
import {
  Anchor,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { BookingSummary, WatchList as WatchListData } from '@shared/ipc/bookings.schema'
import { formatCents, formatDate, formatDateTime } from '../../components/text'
import { useNow } from '../../components/use-now'
import { ProblemAlert } from './ProblemAlert'
import { watchListQuery } from './queries'
import { StayText } from './RecentList'
import { timeLeft, type Urgency } from './deadline'
import { dueWords } from './time-words'
import lists from './BookingLists.module.css'

const URGENCY_COLOR: Record<Urgency, string> = {
  passed: 'red',
  urgent: 'red',
  soon: 'orange',
  later: 'gray',
  unknown: 'gray'
}

function BookingLink({ b, onOpen }: { b: BookingSummary; onOpen: (id: string) => void }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Anchor component="button" type="button" ff="monospace" fw={600} onClick={() => onOpen(b.id)}>
        {b.id}
      </Anchor>
      <Text size="sm" span className={lists.longText}>
        {b.guestName ?? 'Guest not known'}
      </Text>
    </Group>
  )
}

/** One part of the watch list: a heading with its count, its rows, or a line saying none. */
function Part({
  id,
  title,
  count,
  none,
  children
}: {
  id: string
  title: string
  count: number
  none: string
  children: ReactNode
}) {
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="section"
      aria-labelledby={id}
      data-testid={id}
      className={lists.part}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Title order={3} size="h5" id={id}>
          {title}
        </Title>
        <Badge variant="light" color={count ? 'yellow' : 'gray'}>
          {count}
        </Badge>
      </Group>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {none}
        </Text>
      ) : (
        <Stack gap="xs">{children}</Stack>
      )}
    </Paper>
  )
}

function Lists({ data, onOpen }: { data: WatchListData; onOpen: (id: string) => void }) {
  const now = useNow(30_000)
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Part
        id="watch-overdue"
        title="Overdue instalments"
        count={data.overdue.length}
        none="No instalment is past its due date unpaid."
      >
        {data.overdue.map((d) => (
          <div
            key={`${d.booking.id}/${d.name}/${d.dueDate}`}
            data-testid="watch-item"
            data-booking-id={d.booking.id}
          >
            <BookingLink b={d.booking} onOpen={onOpen} />
            <Text size="xs">
              {d.name}: {formatCents(d.amountCents)}, was due {formatDate(d.dueDate)}{' '}
              <Badge size="sm" variant="light" color="red" data-testid="overdue-words">
                {dueWords(d.dueDate, data.today)}
              </Badge>
            </Text>
          </div>
        ))}
      </Part>
      <Part
        id="watch-awaiting-payment"
        title="Awaiting payment"
        count={data.awaitingPayment.length}
        none="No booking is awaiting payment."
      >
        {data.awaitingPayment.map((b) => {
          const left = timeLeft(b.expiresAt, now)
          return (
            <div key={b.id} data-testid="watch-item" data-booking-id={b.id}>
              <BookingLink b={b} onOpen={onOpen} />
              <Text size="xs" c="dimmed">
                {formatCents(b.totalCents)} · <StayText checkIn={b.checkIn} checkOut={b.checkOut} />
              </Text>
              <Group gap={6}>
                <Text size="xs">
                  {left.deadline !== null
                    ? `Deadline ${formatDateTime(left.deadline)}`
                    : 'Deadline'}
                </Text>
                <Badge
                  size="sm"
                  variant="light"
                  color={URGENCY_COLOR[left.urgency]}
                  data-urgency={left.urgency}
                >
                  {left.text}
                </Badge>
              </Group>
            </div>
          )
        })}
      </Part>
      <Part
        id="watch-awaiting-confirmation"
        title="Awaiting the property manager’s confirmation"
        count={data.awaitingConfirmation.length}
        none="No booking is waiting for a property manager."
      >
        {data.awaitingConfirmation.map((b) => (
          <div key={b.id} data-testid="watch-item" data-booking-id={b.id}>
            <BookingLink b={b} onOpen={onOpen} />
            <Text size="xs" c="dimmed">
              <StayText checkIn={b.checkIn} checkOut={b.checkOut} />
            </Text>
          </div>
        ))}
      </Part>
      <Part
        id="watch-instalments-due"
        title="Instalments due in the next 7 days"
        count={data.instalmentsDue.length}
        none="No instalment falls due in the next 7 days."
      >
        {data.instalmentsDue.map((d) => (
          <div
            key={`${d.booking.id}/${d.name}/${d.dueDate}`}
            data-testid="watch-item"
            data-booking-id={d.booking.id}
          >
            <BookingLink b={d.booking} onOpen={onOpen} />
            <Text size="xs">
              {d.name}: {formatCents(d.amountCents)}, {formatDate(d.dueDate)} (
              {dueWords(d.dueDate, data.today)})
            </Text>
          </div>
        ))}
      </Part>
    </SimpleGrid>
  )
}

/**
 * What needs an agent's eye, from the kept copies: instalments past their due date, bookings
 * close to their payment deadline, bookings waiting for a property manager, and instalments
 * coming due.
 */
export function WatchList({ onOpen }: { onOpen: (id: string) => void }) {
  const watch = useQuery(watchListQuery)
  return (
    <Stack gap="sm" component="section" aria-labelledby="watch-list-title">
      <div>
        <Title order={2} id="watch-list-title">
          Watch list
        </Title>
        <Text size="sm" c="dimmed" data-testid="watch-source">
          From the kept copies
          {watch.data ? `, as of ${formatDate(watch.data.today)} (UTC)` : ''}. A deadline is known
          for bookings made or paid here; the service’s read does not carry it.
        </Text>
      </div>
      {watch.isError ? (
        <ProblemAlert
          context="The watch list could not be read"
          error={watch.error}
          onRetry={() => void watch.refetch()}
        />
      ) : watch.data ? (
        <Lists data={watch.data} onOpen={onOpen} />
      ) : (
        <Skeleton height={120} radius="md" />
      )}
    </Stack>
  )
}
