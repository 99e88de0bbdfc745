import {
  Alert,
  Badge,
  Drawer,
  Group,
  List,
  Skeleton,
  Stack,
  Table,
  Text,
  Title
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { Listing } from '@shared/api/listing.schema'
import {
  bedroomCount,
  listingName,
  listingPlaces,
  placeLabel
} from '@shared/domain/listing-display'
import { ErrorAlert } from '../../components/ErrorAlert'
import { formatDateTime, formatEur, formatNumber } from '../../components/format'
import { bookingTypeLabel } from './ListingsTable'
import { listingQuery } from './queries'

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={180} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td>{children ?? '—'}</Table.Td>
    </Table.Tr>
  )
}

function Details({ l }: { l: Listing }) {
  const loc = l.location
  const places = listingPlaces(l)
  const cleaning = l.cleaning
  const rates = l.basicRates
  return (
    <Stack gap="md">
      <Group gap="xs" data-testid="listing-badges">
        {l.active === false ? (
          <Badge color="gray">Inactive</Badge>
        ) : l.active ? (
          <Badge color="teal">Active</Badge>
        ) : null}
        {/* The service's own status, only when it says more than active or inactive. */}
        {l.status && l.status.toLowerCase() !== (l.active ? 'active' : 'inactive') && (
          <Badge variant="outline">Status: {l.status}</Badge>
        )}
      </Group>
      <Table withRowBorders={false} verticalSpacing={4} data-testid="listing-fields">
        <Table.Tbody>
          <Field label="ID">{l.id}</Field>
          <Field label="Reference">{l.referenceNumber}</Field>
          <Field label="City">{placeLabel(places.city)}</Field>
          <Field label="Region">{placeLabel(places.region)}</Field>
          <Field label="Country">{placeLabel(places.country)}</Field>
          <Field label="Address">
            {[loc?.address, loc?.zip].filter(Boolean).join(', ') || undefined}
          </Field>
          <Field label="Max. guests">{formatNumber(l.maxGuest)}</Field>
          <Field label="Bedrooms">{formatNumber(bedroomCount(l))}</Field>
          <Field label="Bathrooms">{formatNumber(l.rooms?.bathrooms?.numbers)}</Field>
          <Field label="Rental type">{l.rentalType}</Field>
          <Field label="Booking type">{bookingTypeLabel(l.bookingType)}</Field>
          <Field label="Minimum stay">
            {rates?.minimumStay != null ? `${rates.minimumStay} nights` : undefined}
          </Field>
          <Field label="Nightly rate">
            {rates?.basicNight != null ? formatEur(rates.basicNight) : undefined}
          </Field>
          <Field label="Cleaning">
            {cleaning ? `${formatEur(cleaning.fee)} (${cleaning.feeBasis})` : undefined}
          </Field>
          <Field label="Security deposit">
            {l.securityDeposit != null ? formatEur(l.securityDeposit) : undefined}
          </Field>
          <Field label="Advance notice">
            {l.advanceNotice != null ? `${l.advanceNotice} days` : undefined}
          </Field>
          <Field label="Last modified">
            {l.lastModified != null ? formatDateTime(l.lastModified * 1000) : undefined}
          </Field>
        </Table.Tbody>
      </Table>
      <div>
        <Title order={4}>Cancellation policy</Title>
        {l.cancellationPolicy ? (
          <>
            <Text fw={500}>{l.cancellationPolicy.name ?? 'Unnamed policy'}</Text>
            <List size="sm" spacing={2}>
              {(l.cancellationPolicy.textList ?? []).map((t, i) => (
                <List.Item key={i}>{policyLine(t)}</List.Item>
              ))}
            </List>
          </>
        ) : (
          <Text c="dimmed" size="sm">
            The service published no cancellation policy for this listing.
          </Text>
        )}
      </div>
      {(l.extras?.length ?? 0) > 0 && (
        <div>
          <Title order={4}>Extras</Title>
          <List size="sm" spacing={2}>
            {l.extras!.map((f, i) => (
              <List.Item key={i}>
                {f.name}: {formatEur(f.fee)}
                {f.feeBasis ? ` (${f.feeBasis})` : ''}
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </Stack>
  )
}

/** The listing's key fields from the mirror, over the Listings screen. */
export function ListingDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({ ...listingQuery(id ?? 0), enabled: id !== null && id > 0 })
  const title = q.data ? listingName(q.data) : id ? `Listing ${id}` : ''
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={<Title order={2}>{title}</Title>}
      closeButtonProps={{ 'aria-label': 'Close listing details' }}
      data-testid="listing-details"
    >
      {q.isPending ? (
        <Stack>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={16} />
          ))}
        </Stack>
      ) : q.isError ? (
        <ErrorAlert
          title="This listing could not be read"
          error={q.error}
          onRetry={() => void q.refetch()}
        />
      ) : q.data ? (
        <Details l={q.data} />
      ) : (
        <Alert color="yellow" title="Not in the offline copy">
          Listing {id} is not in this profile’s offline copy. It may belong to another sales channel
          or profile, or have been removed. Run a sync to refresh the copy.
        </Alert>
      )}
    </Drawer>
  )
}

/** "name: value", or the value alone when it is a sentence that already says the name. */
function policyLine(t: { name?: string; value?: string }): string {
  if (t.name && t.value?.toLowerCase().includes(t.name.toLowerCase())) return t.value
  return [t.name, t.value].filter(Boolean).join(': ')
}
