import { useState } from 'react'
import { Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import type { OutsidePrice } from '@shared/ipc/availability.schema'
import { listingLabel } from '../../components/listing-label'
import { ListingLink } from './ListingLink'
import type { RowActions } from './ResultsTable'
import {
  estimateText,
  outsideByText,
  outsidePriceText,
  outsideSampleText,
  placeText
} from './results-words'

const TABLE_LABEL = 'Bookable listings outside the price range'

/**
 * The bookable listings the price range left out, said beside the count, and on request the
 * nearest of them with their totals and how far outside the range each is: what a slightly
 * wider budget would bring in. Without this line they would vanish from every count on screen.
 */
export function OutsidePriceListings({
  outside,
  minCents,
  maxCents,
  actions
}: {
  outside: OutsidePrice
  minCents: number | undefined
  maxCents: number | undefined
  actions: Pick<RowActions, 'onOpen' | 'onQuote'>
}) {
  const [open, setOpen] = useState(false)
  const text = outsidePriceText(outside, minCents, maxCents)
  if (!text) return null
  const count = outside.below + outside.above + outside.noEstimate
  const sample = outsideSampleText(outside.listings.length, count)
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" data-testid="availability-outside-price" data-count={count}>
          {text}
        </Text>
        <Button
          size="compact-sm"
          variant="default"
          aria-expanded={open}
          aria-controls="availability-outside-listings"
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide them' : 'Show them'}
        </Button>
      </Group>
      {open && (
        <Stack gap={4} id="availability-outside-listings">
          <Table verticalSpacing={4} horizontalSpacing="xs" aria-label={TABLE_LABEL}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="35%">Listing</Table.Th>
                <Table.Th>Place</Table.Th>
                <Table.Th ta="right">Estimate</Table.Th>
                <Table.Th>Outside the range by</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outside.listings.map((l) => (
                <Table.Tr
                  key={l.listingId}
                  data-testid="outside-price-listing"
                  data-listing-id={l.listingId}
                >
                  <Table.Td>
                    <ListingLink name={l.name} listingId={l.listingId} onOpen={actions.onOpen} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{placeText(l.city, l.country)}</Text>
                  </Table.Td>
                  <Table.Td ta="right" data-cents={l.estimateCents ?? undefined}>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {estimateText(l.estimateCents)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{outsideByText(l.estimateCents, minCents, maxCents)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={`Quote ${listingLabel(l.name, l.listingId)}`}
                      onClick={() => actions.onQuote(l.listingId)}
                    >
                      Quote
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {sample && (
            <Text size="sm" c="dimmed">
              {sample}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  )
}
