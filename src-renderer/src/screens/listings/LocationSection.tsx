import { Code, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { Listing } from '@shared/api/listing.schema'
import { listingPlaces, placeLabel } from '@shared/domain/listing-display'
import { appInfoQuery, profilesQuery } from '../../app/queries'
import { formatDateTime } from '../../components/text'
import { recordText } from '../../components/season-words'
import { Fields, Section } from './Section'

/** Where the listing is: its address in the local language and English, and its coordinates. */
export function LocationSection({ listing: l }: { listing: Listing }) {
  const loc = l.location
  const places = listingPlaces(l)
  const lat = loc?.latitude
  const lon = loc?.longitude
  const en = loc?.en
  const englishAddress = [en?.street, en?.number].filter(Boolean).join(' ')
  return (
    <Section title="Location" testId="listing-location">
      <Fields
        labelWidth={150}
        fields={[
          { label: 'Address', value: loc?.address },
          { label: 'Address details', value: loc?.addressDetails?.trim() || 'None' },
          // The English spelling only when it differs from the address above.
          ...(englishAddress && englishAddress !== loc?.address
            ? [{ label: 'Address (English)', value: englishAddress }]
            : []),
          { label: 'Postcode', value: loc?.zip },
          { label: 'City', value: placeLabel(places.city) },
          { label: 'Region', value: placeLabel(places.region) },
          {
            label: 'Country',
            value: placeLabel(places.country)
              ? `${placeLabel(places.country)}${loc?.countryISO ? ` · ${loc.countryISO}` : ''}`
              : null
          },
          {
            label: 'Coordinates',
            value:
              lat !== undefined && lon !== undefined ? (
                <Text span size="sm" ff="monospace" data-testid="coordinates">
                  {`${lat}, ${lon}`}
                </Text>
              ) : null
          },
          { label: 'Rental licence', value: loc?.rentalLicenseNumber }
        ]}
      />
    </Section>
  )
}

/**
 * How the listing is known elsewhere: its addresses for guests, ids in other systems, the
 * channels it is kept from (and whether this profile's is one), and when it was created and
 * last changed by the property manager.
 */
export function ChannelSection({ listing: l }: { listing: Listing }) {
  const activeId = useQuery(appInfoQuery).data?.profile.id
  const channel = useQuery(profilesQuery).data?.profiles.find(
    (p) => p.id === activeId
  )?.salesChannel
  const excluded = (l.salesChannelExcludedList ?? []).filter((c) => c.trim())
  const ours = channel !== undefined && excluded.includes(channel)
  const externalIds = (l.externalIds ?? []).map(recordText).filter((t) => t !== '—')
  return (
    <Section title="Channels and identifiers" testId="listing-channel">
      <Fields
        labelWidth={150}
        fields={[
          {
            label: 'Excluded channels',
            value: excluded.length
              ? `${excluded.join(', ')}${ours ? ` — including this profile’s channel ${channel}` : ''}`
              : 'None'
          },
          {
            label: 'Guest listing page',
            value: l.urls?.guestListingPage ? (
              <Code style={{ wordBreak: 'break-all' }}>{l.urls.guestListingPage}</Code>
            ) : null
          },
          {
            label: 'Guest booking page',
            value: l.urls?.guestBookingPage ? (
              <Code style={{ wordBreak: 'break-all' }}>{l.urls.guestBookingPage}</Code>
            ) : null
          },
          { label: 'External ids', value: externalIds.length ? externalIds.join('; ') : 'None' },
          // The service's own status, only when it says more than the active badge above.
          ...(l.status && l.status.toLowerCase() !== (l.active === false ? 'inactive' : 'active')
            ? [{ label: 'Status at the service', value: l.status }]
            : []),
          {
            label: 'Created',
            value: l.created !== undefined ? formatDateTime(l.created * 1000) : null
          },
          {
            label: 'Last modified',
            value: l.lastModified !== undefined ? formatDateTime(l.lastModified * 1000) : null
          }
        ]}
      />
    </Section>
  )
}
