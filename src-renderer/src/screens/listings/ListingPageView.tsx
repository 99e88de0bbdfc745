import { useEffect, useRef } from 'react'
import { Alert, Badge, Button, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { Listing } from '@shared/api/listing.schema'
import { listingName, listingPlaces, placeLabel } from '@shared/domain/listing-display'
import { useNavigation } from '../../app/navigation'
import { syncStatusQuery } from '../../app/queries'
import { ErrorAlert } from '../../components/ErrorAlert'
import { DataAgeSection } from './DataAgeSection'
import { DescriptionsSection } from './DescriptionsSection'
import { ImagesSection } from './ImagesSection'
import { ChannelSection, LocationSection } from './LocationSection'
import {
  FacilitiesSection,
  OverviewSection,
  RoomsSection,
  SuitabilitySection
} from './PropertySections'
import { listingPageQuery } from './queries'
import { ReferenceSection } from './ReferenceSection'
import { CancellationSection, PricesSection, StayRulesSection } from './StaySections'
import { bookingTypeLabel } from './view-state'

function Header({ listing: l }: { listing: Listing }) {
  const nav = useNavigation()
  const places = listingPlaces(l)
  const where = [placeLabel(places.city), placeLabel(places.country)].filter(Boolean).join(', ')
  return (
    <Stack gap="sm" data-testid="listing-header">
      <Group gap="xs">
        <Text size="sm" ff="monospace">
          #{l.id}
          {l.referenceNumber ? ` · ${l.referenceNumber}` : ''}
        </Text>
        {where && (
          <Text size="sm" lineClamp={2} title={where}>
            {where}
          </Text>
        )}
        {l.active !== undefined && (
          <Badge color={l.active ? 'teal' : 'gray'} variant="light">
            {l.active ? 'Active' : 'Inactive'}
          </Badge>
        )}
        {l.bookingType && (
          <Badge color="indigo" variant="outline">
            {bookingTypeLabel(l.bookingType)}
          </Badge>
        )}
      </Group>
      <Group gap="xs">
        <Button variant="light" onClick={() => nav.openCalendar(l.id)}>
          Rate calendar
        </Button>
        <Button variant="light" onClick={() => nav.openHistory(l.id)}>
          Change history
        </Button>
        <Button variant="light" onClick={() => nav.openQuote({ listingId: l.id })}>
          Quote a stay
        </Button>
      </Group>
    </Stack>
  )
}

/**
 * One listing's full page: everything the service publishes about it, from the offline copy,
 * laid out for reading, with its data age, a live check, and its reference on this channel.
 */
export function ListingPageView({ id, onBack }: { id: number; onBack: () => void }) {
  const qc = useQueryClient()
  const page = useQuery(listingPageQuery(id))
  const heading = useRef<HTMLHeadingElement>(null)
  // A sync moves the page's dates even when it changed only this listing's prices (db:changed
  // then names rates, not listings): the sync status is re-read on every change, so follow it.
  const statusAt = useQuery(syncStatusQuery).dataUpdatedAt
  const seenStatusAt = useRef(statusAt)
  useEffect(() => {
    if (seenStatusAt.current === statusAt) return
    seenStatusAt.current = statusAt
    void qc.invalidateQueries({ queryKey: listingPageQuery(id).queryKey })
  }, [qc, id, statusAt])
  // The page opens at its top with focus on its title, so Tab continues from there.
  useEffect(() => {
    window.scrollTo({ top: 0 })
    heading.current?.focus()
  }, [id, page.isSuccess])

  const l = page.data?.listing
  const name = l ? listingName(l) : `Listing ${id}`
  return (
    // The service's texts can be one long word (a 2,000-letter name or town): it breaks where it
    // must instead of pushing the page past the window.
    <Stack gap="md" data-testid="listing-page" style={{ overflowWrap: 'anywhere' }}>
      <Group>
        <Button variant="subtle" onClick={onBack} leftSection={<span aria-hidden>←</span>}>
          Back to listings
        </Button>
      </Group>
      {/* A very long name is cut after three lines, whole on hover and to screen readers. */}
      <Title order={1} ref={heading} tabIndex={-1} lineClamp={3} title={name}>
        {name}
      </Title>
      {page.isPending ? (
        <Stack>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={18} />
          ))}
        </Stack>
      ) : page.isError ? (
        <ErrorAlert
          title="This listing could not be read"
          error={page.error}
          onRetry={() => void page.refetch()}
        />
      ) : !page.data || !l ? (
        <Alert color="yellow" title="Not in the offline copy">
          Listing {id} is not in this profile’s offline copy. It may belong to another sales channel
          or profile, or have been removed. Run a sync to refresh the copy.
        </Alert>
      ) : (
        <>
          <Header listing={l} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="md">
                <OverviewSection listing={l} />
                <DescriptionsSection listing={l} />
                <ImagesSection listing={l} />
                <RoomsSection listing={l} />
                <FacilitiesSection listing={l} />
                <SuitabilitySection listing={l} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="md">
                <DataAgeSection page={page.data} />
                <ReferenceSection listingId={id} />
                <StayRulesSection listing={l} />
                <PricesSection listing={l} />
                <CancellationSection listing={l} />
                <LocationSection listing={l} />
                <ChannelSection listing={l} />
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  )
}
