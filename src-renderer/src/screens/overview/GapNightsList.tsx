import { useState } from 'react'
import { Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { GapItem } from '@shared/overview/overview.schema'
import { useNavigation } from '../../app/navigation'
import { ErrorAlert } from '../../components/ErrorAlert'
import { ListingPicker } from '../../components/ListingPicker'
import { ListPages } from '../../components/ListPages'
import { formatNumber, plural } from '../../components/text'
import { gapReasonSentence } from '@shared/overview/gap-words'
import { gapNightsRange, valueText } from './overview-words'
import { gapsQuery } from './queries'

const PAGE = 25

/** The gap's value, its nights without a rate named (all of them: "no rate", never €0). */
function gapValue(g: GapItem): string {
  return g.unpriced.length === g.nights ? 'no rate' : valueText(g.valueCents, g.unpriced.length)
}

/**
 * Gap nights of the next 90 days: open nights no guest can book (no stay inside their run
 * passes the stay rules), portfolio-wide or of one listing, in date order, each with its value
 * at published rates and a link to the listing's calendar at that month.
 */
export function GapNightsList() {
  const nav = useNavigation()
  const [listing, setListing] = useState<string | null>(null)
  const [page, setPage] = useState(1)
  const input = {
    ...(listing ? { listingId: Number(listing) } : {}),
    offset: (page - 1) * PAGE,
    limit: PAGE
  }
  const gaps = useQuery(gapsQuery(input))
  const g = gaps.data
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={2} size="h4" id="gap-nights-title">
              Gap nights, next 90 days
            </Title>
            <Text size="sm" c="dimmed">
              Open nights no guest can book: no stay that fits inside them meets the listing’s
              minimum stay, check-in and check-out days or advance notice.
            </Text>
          </div>
          <ListingPicker
            label="Gap nights of listing"
            required={false}
            value={listing}
            onChange={(id) => {
              setListing(id)
              setPage(1)
            }}
          />
        </Group>
        {gaps.isError ? (
          <ErrorAlert
            title="The gap nights could not be read"
            error={gaps.error}
            onRetry={() => void gaps.refetch()}
          />
        ) : !g ? (
          <Text size="sm">Reading the calendars…</Text>
        ) : g.total === 0 ? (
          <Text size="sm" data-testid="gap-nights-none">
            No gap nights in the next 90 days{listing ? ' for this listing' : ''}.
          </Text>
        ) : (
          <>
            <Text size="sm" data-testid="gap-nights-summary" aria-live="polite">
              {plural(g.total, 'gap')}, {plural(g.nights, 'night')}, worth{' '}
              {valueText(g.valueCents, g.unpriced)} at published rates.
            </Text>
            <Table
              striped
              aria-labelledby="gap-nights-title"
              data-testid="gap-nights"
              verticalSpacing={4}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Listing</Table.Th>
                  <Table.Th scope="col">Nights</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Count
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Value
                  </Table.Th>
                  <Table.Th scope="col">Why no one can book them</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Calendar</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {g.items.map((item) => (
                  <Table.Tr
                    key={`${item.listingId}-${item.from}`}
                    data-testid="gap-row"
                    data-listing-id={item.listingId}
                    data-from={item.from}
                  >
                    <Table.Td>
                      {item.name}{' '}
                      <Text span size="xs" c="dimmed">
                        ({item.listingId})
                      </Text>
                    </Table.Td>
                    <Table.Td>{gapNightsRange(item)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(item.nights)}</Table.Td>
                    <Table.Td ta="right">{gapValue(item)}</Table.Td>
                    <Table.Td>{gapReasonSentence(item, g.today)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => nav.openCalendar(item.listingId, item.from.slice(0, 7))}
                        aria-label={`Open the calendar of ${item.name} at ${gapNightsRange(item)}`}
                      >
                        Calendar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <ListPages
              total={g.total}
              pageSize={PAGE}
              page={page}
              onChange={setPage}
              label="Gap nights pages"
            />
          </>
        )}
      </Stack>
    </Paper>
  )
}
