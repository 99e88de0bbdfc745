import { useState } from 'react'
import { Accordion, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { AvailabilityMisses } from '@shared/ipc/availability.schema'
import { ErrorAlert } from '../../components/ErrorAlert'
import { listingsText, MISS_TITLES, missesIntro, onlyReasonText, sampleText } from './miss-words'
import { MISS_SAMPLE, MISS_SAMPLE_MAX, missesQuery } from './queries'
import type { SearchInput } from './search-form'
import { ListingLink } from './ListingLink'

type MissGroup = AvailabilityMisses['misses'][number]

function ReasonListings({
  group,
  canShowMore,
  onShowMore,
  onOpen
}: {
  group: MissGroup
  canShowMore: boolean
  onShowMore: () => void
  onOpen: (id: number) => void
}) {
  const sample = sampleText(group.listings.length, group.count)
  return (
    <Stack gap="xs">
      <Table verticalSpacing={4} horizontalSpacing="xs" aria-label={MISS_TITLES[group.code]}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="35%">Listing</Table.Th>
            <Table.Th>Why, as the rules say it</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {group.listings.map((l) => (
            <Table.Tr key={l.listingId} data-testid="miss-listing" data-listing-id={l.listingId}>
              <Table.Td>
                <ListingLink
                  name={l.name}
                  listingId={l.listingId}
                  onOpen={onOpen}
                  idTestId="miss-listing-id"
                />
              </Table.Td>
              <Table.Td data-testid="miss-message">
                <Text size="sm">{l.message}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {sample && (
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {sample}
          </Text>
          {canShowMore && (
            <Button size="compact-sm" variant="default" onClick={onShowMore}>
              Show up to {MISS_SAMPLE_MAX}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  )
}

/**
 * "Why not bookable": the rules that keep the other listings out, each with how many it keeps
 * out and how many it alone keeps out (what a small change would open up), expandable to the
 * listings and their sentences. Asked after the search: it takes longer, and the bookable
 * listings are what a person reads first.
 */
export function MissesSection({
  input,
  ready,
  filtered,
  onOpen
}: {
  input: SearchInput
  /** The search for this input has answered: the reasons are asked only then, never before. */
  ready: boolean
  filtered: boolean
  onOpen: (id: number) => void
}) {
  const [sample, setSample] = useState(MISS_SAMPLE)
  // Asked after the search answered, so the bookable listings never wait behind the reasons;
  // meanwhile the previous reasons stay, marked busy.
  const misses = useQuery({ ...missesQuery(input, sample), enabled: ready })
  const data = misses.data

  return (
    <Stack gap="xs" component="section" aria-labelledby="availability-misses-title">
      <Title order={2} size="h3" id="availability-misses-title">
        Why not bookable
      </Title>
      {misses.isError && !data ? (
        <ErrorAlert
          title="The reasons could not be read"
          error={misses.error}
          onRetry={() => void misses.refetch()}
        />
      ) : !data ? (
        <Stack gap="xs" aria-busy="true">
          <Text size="sm" c="dimmed">
            Checking every listing against every rule…
          </Text>
          <Skeleton height={120} radius="md" />
        </Stack>
      ) : (
        <>
          <Text
            size="sm"
            c="dimmed"
            aria-busy={misses.isPlaceholderData}
            data-testid="misses-intro"
            data-not-bookable={data.notBookable}
            data-stay={
              misses.isPlaceholderData
                ? undefined
                : `${input.from}/${input.to}/${String(input.adults)}`
            }
          >
            {missesIntro(data.considered, data.notBookable, filtered)}
          </Text>
          {data.misses.length === 0 ? (
            <Text size="sm" data-testid="no-misses">
              No rule keeps any of them out.
            </Text>
          ) : (
            // keepMounted false: a closed reason's table is not drawn at all (Mantine otherwise
            // keeps it rendered out of sight, up to a hundred rows per reason on every search).
            <Accordion
              multiple
              keepMounted={false}
              variant="separated"
              radius="md"
              data-testid="miss-groups"
            >
              {data.misses.map((g) => (
                <Accordion.Item
                  key={g.code}
                  value={g.code}
                  data-testid="miss-group"
                  data-code={g.code}
                  data-count={g.count}
                  data-only={g.onlyReason}
                >
                  <Accordion.Control>
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Text fw={600}>{MISS_TITLES[g.code]}</Text>
                      <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {listingsText(g.count)}
                      </Text>
                    </Group>
                    <Text size="sm" c="dimmed" data-testid="miss-only">
                      {onlyReasonText(g.code, g.onlyReason, g.count)}
                    </Text>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <ReasonListings
                      group={g}
                      canShowMore={sample < MISS_SAMPLE_MAX}
                      onShowMore={() => setSample(MISS_SAMPLE_MAX)}
                      onOpen={onOpen}
                    />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
        </>
      )}
    </Stack>
  )
}
