import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { RecentBooking } from '@shared/ipc/bookings.schema'
import { profilesQuery } from '../../app/queries'
import { EmptyState } from '../../components/EmptyState'
import { ListPages } from '../../components/ListPages'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { ago, formatCents, formatDay, formatNumber, plural } from '../../components/text'
import { BookingStatusBadge, PaymentStatusBadge } from '../../components/StatusBadge'
import { useNow } from '../../components/use-now'
import { usePagedFilters } from '../../components/use-paged-filters'
import { nightsOf } from './booking-model'
import { ProblemAlert } from './ProblemAlert'
import { recentBookingsQuery } from './queries'
import { hasFilters, NO_FILTERS, toRecentInput, type RecentFilters } from './recent-filters'
import { RecentFiltersBar } from './RecentFilters'
import { searchEmptyText } from './team-words'
import lists from './BookingLists.module.css'

const PAGE_SIZE = 25
const COLUMNS: ListColumn[] = [
  { label: 'Booking' },
  { label: 'Status' },
  { label: 'Guest' },
  { label: 'Stay' },
  { label: 'Listing' },
  { label: 'Total', ta: 'right' },
  { label: 'Read' }
]

/** "Mon, 23 Nov 2026 → Fri, 27 Nov 2026 · 4 nights" */
export function StayText({
  checkIn,
  checkOut
}: {
  checkIn: string | null
  checkOut: string | null
}) {
  // The team hub may keep a booking from a write alone, before anyone read its stay.
  if (checkIn === null || checkOut === null) {
    return (
      <Text size="sm" c="dimmed" span>
        Not read yet
      </Text>
    )
  }
  const nights = nightsOf(checkIn, checkOut)
  return (
    <Text size="sm" span>
      {formatDay(checkIn)} → {formatDay(checkOut)}
      {nights !== null && (
        <Text span size="xs" c="dimmed">
          {' '}
          · {plural(nights, 'night')}
        </Text>
      )}
    </Text>
  )
}

function listingText(b: RecentBooking): string {
  if (b.listingName && b.listingId !== null) return `${b.listingName} (#${b.listingId})`
  return b.listingName ?? (b.listingId !== null ? `#${b.listingId}` : '—')
}

function Row({ b, now, onOpen }: { b: RecentBooking; now: number; onOpen: (id: string) => void }) {
  return (
    <Table.Tr data-testid="booking-row" data-booking-id={b.id} data-status={b.status ?? undefined}>
      <Table.Td>
        <Anchor
          component="button"
          type="button"
          ff="monospace"
          fw={600}
          onClick={() => onOpen(b.id)}
        >
          {b.id}
        </Anchor>
        {b.ownReference && (
          <Text size="xs" c="dimmed">
            Own reference {b.ownReference}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {b.status === null ? '—' : <BookingStatusBadge status={b.status} />}
          <PaymentStatusBadge status={b.paymentStatus} />
        </Group>
      </Table.Td>
      <Table.Td className={lists.longText}>{b.guestName ?? '—'}</Table.Td>
      <Table.Td>
        <StayText checkIn={b.checkIn} checkOut={b.checkOut} />
      </Table.Td>
      <Table.Td className={lists.longText}>{listingText(b)}</Table.Td>
      <Table.Td ta="right">{formatCents(b.totalCents)}</Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed" span>
          {ago(b.fetchedAt, now)}
        </Text>
        {b.keptBy && (
          <Text size="xs" c="dimmed" data-testid="booking-kept-by">
            by {b.keptBy}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  )
}

/**
 * Every booking StayDesk has read, as kept on this computer (newest read first), filtered by
 * status, guest, listing and stay dates. Each row is the booking as it was when read; opening
 * it reads it live.
 */
export function RecentList({ onOpen }: { onOpen: (id: string) => void }) {
  const profiles = useQuery(profilesQuery).data
  // A team hub profile's search lists the team's kept bookings (main asks the hub).
  const team = profiles?.profiles.some((p) => p.id === profiles.activeId && p.hubUrl) ?? false
  const { filters, deferred, change, page, pager } = usePagedFilters<RecentFilters>(
    'bookings',
    NO_FILTERS,
    PAGE_SIZE
  )
  const input = toRecentInput(team ? deferred : { ...deferred, search: '' }, page, PAGE_SIZE)
  const recent = useQuery(recentBookingsQuery(input))
  const teamRows = recent.data?.source === 'team'
  const now = useNow(30_000)
  const total = recent.data?.total ?? 0

  return (
    <Stack gap="sm" component="section" aria-labelledby="recent-bookings-title">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} id="recent-bookings-title">
            Recent bookings
          </Title>
          <Text size="sm" c="dimmed" data-testid="recent-source">
            {teamRows
              ? "The team's kept bookings matching the search: every booking anyone on the team read or wrote, newest read first; the Read column says when and by whom. Opening one reads it live."
              : team
                ? "Copies kept of every booking read on this computer, newest read first. Search the team's bookings by id, own reference, guest name or e-mail to find any agent's. Opening one reads it live."
                : 'Copies kept of every booking read from the service, newest read first; the Read column says how old each is. Opening one reads it live.'}
          </Text>
        </div>
        {recent.data && (
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="recent-count">
            {total === 0
              ? 'No bookings'
              : `${formatNumber(total)} ${total === 1 ? 'booking' : 'bookings'}`}
          </Text>
        )}
      </Group>
      <RecentFiltersBar value={filters} onChange={change} team={team} />
      {recent.data?.note && (
        <Alert color="yellow" variant="light" role="status" data-testid="recent-note" py="xs">
          <Text size="sm">{recent.data.note}</Text>
        </Alert>
      )}
      {recent.isError ? (
        <ProblemAlert
          context="The recent bookings could not be read"
          error={recent.error}
          onRetry={() => void recent.refetch()}
        />
      ) : recent.data && total === 0 ? (
        hasFilters(deferred) ? (
          <EmptyState
            testId="recent-empty"
            title="No bookings match these filters"
            action={
              <Button variant="default" onClick={() => change(NO_FILTERS)}>
                Clear filters
              </Button>
            }
          >
            {searchEmptyText(teamRows, team && (deferred.search ?? '').trim() !== '')}
          </EmptyState>
        ) : (
          <EmptyState testId="recent-empty" title="No bookings read yet">
            Open a booking by its id above: every booking StayDesk reads is kept here, so it can be
            found again, also without a connection.
          </EmptyState>
        )
      ) : (
        <Paper withBorder radius="md">
          <ListTable
            label="Recent bookings"
            columns={COLUMNS}
            minWidth={980}
            busy={recent.isFetching}
            hover
            rows={recent.data?.items}
            row={(b) => <Row key={b.id} b={b} now={now} onOpen={onOpen} />}
          />
        </Paper>
      )}
      <ListPages {...pager} total={total} label="Recent booking pages" />
    </Stack>
  )
}
