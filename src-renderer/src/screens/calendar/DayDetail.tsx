import { memo } from 'react'
import { Button, List, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { CalendarDay } from '@shared/ipc/calendar.schema'
import type { IsoDate } from '@shared/domain/dates'
import { ErrorAlert } from '../../components/ErrorAlert'
import { formatCents, formatDateTime, formatDay } from '../../components/text'
import { availabilityWords, PRICE_LEVEL_WORDS, stayLimitSentence } from './day-words'
import { priceLevel, type PriceRange } from './day-model'
import { dayHistoryQuery, mergeHistory } from './queries'

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

function priceSentence(day: CalendarDay, range: PriceRange): string {
  if (day.priceCents === null) return 'No rate in the offline copy for this night.'
  const level = priceLevel(day.priceCents, range)
  return `${formatCents(day.priceCents)} a night${level ? `, ${PRICE_LEVEL_WORDS[level]}` : ''}.`
}

/**
 * The active day in full: its availability, the stays that may arrive on it, its night's price,
 * and every change the syncs recorded for it, newest first, each with when it was seen: what
 * this night cost, and was open or not, on any day since the first sync.
 */
export const DayDetail = memo(function DayDetail({
  listingId,
  day,
  range,
  today,
  firstCheckIn,
  onHistory
}: {
  listingId: number
  day: CalendarDay
  range: PriceRange
  today: IsoDate
  firstCheckIn: IsoDate
  /** Opens the History screen on this listing (the navigation's own, stable: see MonthsView). */
  onHistory: (listingId: number) => void
}) {
  const prices = useQuery(dayHistoryQuery(listingId, day.date, 'price'))
  const states = useQuery(dayHistoryQuery(listingId, day.date, 'availability'))
  const changes = mergeHistory(prices.data?.items, states.data?.items)
  const failed = prices.error ?? states.error
  const loading = prices.isPending || states.isPending

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="day-title"
      data-testid="day-detail"
      data-date={day.date}
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id="day-title">
          {formatDay(day.date)}
        </Title>
        <Table verticalSpacing={2} aria-label="This day">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" w={110}>
                Availability
              </Table.Th>
              <Table.Td data-testid="day-availability">
                {capital(availabilityWords(day, today, firstCheckIn))}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Stay limits</Table.Th>
              <Table.Td>
                {day.date < today
                  ? 'None: the day is past, so no stay can arrive on it.'
                  : stayLimitSentence(day)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Price</Table.Th>
              <Table.Td data-testid="day-price">
                {day.date < today
                  ? 'None: the day is past. Its recorded prices are below.'
                  : priceSentence(day, range)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Title order={3} size="h5">
          Recorded changes of this day
        </Title>
        {failed ? (
          <ErrorAlert
            title="The recorded changes could not be read"
            error={failed}
            onRetry={() => {
              void prices.refetch()
              void states.refetch()
            }}
          />
        ) : loading ? (
          <Text size="sm" c="dimmed">
            Reading the recorded changes…
          </Text>
        ) : changes.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="day-history-empty">
            No change recorded since the first sync.
          </Text>
        ) : (
          <List size="sm" spacing={4} data-testid="day-history">
            {changes.map((c) => (
              <List.Item key={`${c.kind}-${c.seenAt}-${c.after}`} data-testid="history-change">
                <Text span size="sm" fw={500}>
                  {c.kind === 'price' ? 'Price' : 'Availability'}: {c.before} → {c.after}
                </Text>
                <Text span size="sm" c="dimmed">
                  {' '}
                  · seen {formatDateTime(c.seenAt)}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
        <div>
          <Button size="xs" variant="subtle" onClick={() => onHistory(listingId)}>
            All recorded changes of this listing
          </Button>
        </div>
      </Stack>
    </Paper>
  )
})
