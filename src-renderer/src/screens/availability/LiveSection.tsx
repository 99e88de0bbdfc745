import { memo } from 'react'
import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { LiveAvailability } from '@shared/ipc/availability.schema'
import { useScreenState } from '../../app/screen-state'
import { ErrorAlert } from '../../components/ErrorAlert'
import { notifyError } from '../../components/notify'
import { useVia } from '../../components/DataAgeNote'
import { useNow } from '../../components/use-now'
import { describeCode, describeError } from '../../ipc/errors'
import { amongResultsQuery, liveQuery, useRefreshListing } from './queries'
import {
  disagreementWords,
  failureWords,
  LIVE_CAVEAT,
  liveAskedText,
  liveHeading,
  liveSummary,
  refreshOutcomeText,
  type LivePhase
} from './results-words'
import type { SearchInput } from './search-form'
import { ListingLink } from './ListingLink'

type Answered = Extract<LiveAvailability, { state: 'answered' }>
type Side = 'onlyLive' | 'onlyOffline'

/**
 * The service can't be reached: said in yellow, as what it is, never as StayDesk's error. The
 * heading above already names the failure; this says main's specific sentence.
 */
function OutageNote({ message }: { message: string }) {
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="live-outage">
      <Text size="sm">{message}</Text>
      <Text size="sm" mt={4}>
        The offline copy’s answer above still stands.
      </Text>
    </Alert>
  )
}

function Disagreement({
  listing,
  side,
  inResults,
  onOpen
}: {
  listing: { listingId: number; name: string }
  side: Side
  /** Whether the search above found it; undefined until main has said. */
  inResults: boolean | undefined
  onOpen: (id: number) => void
}) {
  const refresh = useRefreshListing()
  const words = disagreementWords(side)
  return (
    <Table.Tr data-testid="live-disagreement" data-listing-id={listing.listingId} data-side={side}>
      <Table.Td>
        <ListingLink name={listing.name} listingId={listing.listingId} onOpen={onOpen} strong />
        {inResults !== undefined && (
          <Text size="xs" c="dimmed">
            {inResults ? 'Among the results above' : 'Not among the results above'}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{words.service}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{words.copy}</Text>
        <Text size="xs" c="dimmed">
          Probably stale. {words.meaning}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <Button
            size="compact-sm"
            variant="default"
            loading={refresh.isPending}
            aria-label={`Refresh ${listing.name} from the service`}
            onClick={() =>
              refresh.mutate(
                { id: listing.listingId },
                { onError: (e) => notifyError(`Refresh ${listing.name}`, e) }
              )
            }
          >
            Refresh
          </Button>
          {refresh.data && (
            <Text size="xs" role="status" data-testid="refresh-outcome">
              {refreshOutcomeText(refresh.data)}
            </Text>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  )
}

function Comparison({
  answer,
  phase,
  search,
  onOpen
}: {
  answer: Answered
  /** Whether this answer is the current one, or an earlier one beside a new ask. */
  phase: LivePhase
  search: SearchInput
  onOpen: (id: number) => void
}) {
  const now = useNow()
  const via = useVia()
  const rows = [
    ...answer.onlyOffline.map((l) => ({ l, side: 'onlyOffline' as const })),
    ...answer.onlyLive.map((l) => ({ l, side: 'onlyLive' as const }))
  ]
  // The results are on screen a window at a time: main says which of these it found.
  const among = useQuery({
    ...amongResultsQuery(
      search,
      rows.map(({ l }) => l.listingId)
    ),
    enabled: rows.length > 0
  })
  const found = new Set(among.data?.rows.map((r) => r.listingId))
  return (
    <Stack gap="xs">
      <Text
        size="sm"
        c={phase.phase === 'failed' ? 'orange' : 'dimmed'}
        fw={phase.phase === 'failed' ? 500 : undefined}
        data-testid="live-asked-at"
      >
        {liveAskedText(phase, answer.askedAt, now, via)}
      </Text>
      <Text size="sm" data-testid="live-summary" data-live-count={answer.liveCount}>
        {liveSummary(answer.liveCount, rows.length)}
      </Text>
      <Text size="xs" c="dimmed">
        {LIVE_CAVEAT}
      </Text>
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" aria-label="Where the service and the offline copy disagree">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Listing</Table.Th>
                <Table.Th>The service says</Table.Th>
                <Table.Th>The offline copy says</Table.Th>
                <Table.Th w={220}>Bring the copy up to date</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ l, side }) => (
                <Disagreement
                  key={l.listingId}
                  listing={l}
                  side={side}
                  inResults={among.data ? found.has(l.listingId) : undefined}
                  onOpen={onOpen}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}

/**
 * A live second opinion: the service's own period availability for the searched dates, set
 * beside the offline copy's, listing by listing, with a refresh for each listing they disagree
 * on. Asked on a click only; what was asked stays on screen for these dates. Memoised: a search
 * that keeps the dates and the results doesn't draw it again.
 */
export const LiveSection = memo(LiveSectionBody)

function LiveSectionBody({
  period,
  search,
  onOpen
}: {
  period: { from: string; to: string }
  /** The search above, to say which listings it found. */
  search: SearchInput
  onOpen: (id: number) => void
}) {
  const [asked, setAsked] = useScreenState<{ from: string; to: string } | null>(
    'availability.live',
    null
  )
  const current = !!asked && asked.from === period.from && asked.to === period.to
  const live = useQuery({ ...liveQuery(period), enabled: current })
  const ask = () => (current ? void live.refetch() : setAsked(period))
  const outage = live.isError && describeError(live.error).outage
  const unreachable = live.data?.state === 'unreachable' ? live.data : null
  const answered = live.data?.state === 'answered' ? live.data : null
  const phase: LivePhase = !current
    ? { phase: 'idle' }
    : live.isFetching
      ? { phase: 'asking' }
      : live.isError
        ? {
            phase: 'failed',
            failure: outage
              ? failureWords(describeError(live.error).title)
              : 'the service’s answer could not be read'
          }
        : unreachable
          ? { phase: 'failed', failure: failureWords(describeCode(unreachable.code).title) }
          : answered
            ? { phase: 'answered' }
            : { phase: 'asking' }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="live-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title
              order={2}
              size="h3"
              id="live-title"
              c={phase.phase === 'failed' ? 'orange' : undefined}
              data-phase={phase.phase}
            >
              {liveHeading(phase)}
            </Title>
            <Text size="sm" c="dimmed">
              Ask the service which listings are free on every night of these dates, and see where
              the offline copy disagrees.
            </Text>
          </div>
          <Button variant={current ? 'default' : 'filled'} loading={live.isFetching} onClick={ask}>
            {current ? 'Ask the service again' : 'Ask the service'}
          </Button>
        </Group>
        {current && unreachable && <OutageNote message={unreachable.message} />}
        {current && live.isError && outage && <OutageNote message={live.error.message} />}
        {current && live.isError && !outage && (
          <ErrorAlert
            title="No answer to compare"
            error={live.error}
            onRetry={() => void live.refetch()}
          />
        )}
        {current && answered && (
          <Comparison answer={answered} phase={phase} search={search} onOpen={onOpen} />
        )}
      </Stack>
    </Paper>
  )
}
