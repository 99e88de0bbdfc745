import { List, Stack, Text, Title } from '@mantine/core'
import type { Listing } from '@shared/api/listing.schema'
import { bedroomCount } from '@shared/domain/listing-display'
import { formatNumber } from '../../components/text'
import { feeText } from '../../components/rule-words'
import { Fields, Section, wordsOf } from './Section'
import { bookingTypeLabel } from './view-state'

/** The listing at a glance: what it is, how many it sleeps, how it is booked. */
export function OverviewSection({ listing: l }: { listing: Listing }) {
  return (
    <Section title="Overview">
      <Fields
        testId="listing-fields"
        fields={[
          { label: 'Listing id', value: String(l.id) },
          { label: 'Reference number', value: l.referenceNumber },
          { label: 'Rental type', value: l.rentalType },
          { label: 'Rental basis', value: l.rentalBasis },
          { label: 'Entrance', value: l.entrance },
          { label: 'Maximum guests', value: l.maxGuest != null ? formatNumber(l.maxGuest) : null },
          { label: 'Bedrooms', value: formatNumber(bedroomCount(l)), testId: 'field-bedrooms' },
          { label: 'Bathrooms', value: formatNumber(l.rooms?.bathrooms?.numbers) },
          { label: 'Floor space', value: l.floorspace != null ? `${l.floorspace} m²` : null },
          {
            label: 'Booking type',
            value: l.bookingType
              ? `${bookingTypeLabel(l.bookingType)} (${l.bookingType === 'onRequest' ? 'confirmed within 24 hours' : 'confirmed at once'})`
              : null
          }
        ]}
      />
    </Section>
  )
}

function beds(beds: { name?: string; number?: number }[] | undefined): string | null {
  const parts = (beds ?? []).map((b) => `${b.number ?? 1} × ${b.name ?? 'bed'}`)
  return parts.length ? parts.join(', ') : null
}

/** "Bedroom 1 · Suite"; a type the name already says ("Bedroom") is not said twice. */
function roomName(r: { name?: string; type?: string }, fallback: string): string {
  const name = r.name?.trim() || fallback
  const type = r.type?.trim()
  return type && !name.toLowerCase().includes(type.toLowerCase()) ? `${name} · ${type}` : name
}

/** Bedrooms with their beds, bathrooms with what they have, kitchens and other rooms. */
export function RoomsSection({ listing: l }: { listing: Listing }) {
  const bedrooms = l.rooms?.bedrooms?.rooms ?? []
  const bathrooms = l.rooms?.bathrooms?.rooms ?? []
  const kitchens = l.rooms?.kitchens?.rooms ?? []
  const yes = (v: string | undefined, what: string) => (v && v.toLowerCase() !== 'no' ? what : null)
  return (
    <Section title="Rooms and beds" testId="listing-rooms">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5">
            Bedrooms ({formatNumber(bedroomCount(l))})
          </Title>
          {bedrooms.length ? (
            <List size="sm" spacing={2}>
              {bedrooms.map((r, i) => (
                <List.Item key={i}>
                  {roomName(r, `Bedroom ${i + 1}`)}
                  {beds(r.beds) ? `: ${beds(r.beds)}` : ''}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">No bedrooms described.</Text>
          )}
        </div>
        <div>
          <Title order={3} size="h5">
            Bathrooms ({formatNumber(l.rooms?.bathrooms?.numbers ?? bathrooms.length)})
          </Title>
          {bathrooms.length ? (
            <List size="sm" spacing={2}>
              {bathrooms.map((r, i) => {
                const has = [yes(r.shower, 'shower'), yes(r.bath, 'bath'), yes(r.toilet, 'toilet')]
                const what = has.filter(Boolean).join(', ')
                return (
                  <List.Item key={i}>
                    {roomName(r, `Bathroom ${i + 1}`)}
                    {what ? `: ${what}` : ''}
                  </List.Item>
                )
              })}
            </List>
          ) : (
            <Text size="sm">No bathrooms described.</Text>
          )}
        </div>
        <Fields
          fields={[
            {
              label: 'Kitchens',
              value: kitchens.length
                ? kitchens.map((k) => k.type ?? 'Kitchen').join(', ')
                : l.rooms?.kitchens?.numbers != null
                  ? formatNumber(l.rooms.kitchens.numbers)
                  : null
            },
            { label: 'Other rooms', value: wordsOf(l.rooms?.others) ?? 'None' }
          ]}
        />
      </Stack>
    </Section>
  )
}

const FACILITIES: [keyof NonNullable<Listing['facilities']>, string][] = [
  ['livingDining', 'Living and dining'],
  ['kitchen', 'Kitchen'],
  ['outdoor', 'Outdoor'],
  ['swimmingPool', 'Swimming pool'],
  ['parking', 'Parking'],
  ['internet', 'Internet'],
  ['airConditioning', 'Air conditioning'],
  ['heating', 'Heating'],
  ['washingMachine', 'Washing machine'],
  ['miscellaneous', 'Other']
]

export function FacilitiesSection({ listing: l }: { listing: Listing }) {
  const f = l.facilities ?? {}
  return (
    <Section title="Facilities" testId="listing-facilities">
      <Fields
        fields={FACILITIES.map(([key, label]) => {
          const v = f[key]
          return { label, value: Array.isArray(v) ? wordsOf(v) : v }
        })}
      />
    </Section>
  )
}

export function SuitabilitySection({ listing: l }: { listing: Listing }) {
  const s = l.suitability ?? {}
  const petFee =
    s.petFee !== undefined && s.petFee > 0
      ? feeText({ fee: s.petFee, feeBasis: s.petFeeBasis })
      : s.petFee === 0
        ? 'No fee'
        : null
  return (
    <Section title="Suitability" testId="listing-suitability">
      <Fields
        fields={[
          { label: 'Children', value: s.children },
          {
            label: 'Pets',
            value: s.pets
              ? `${s.pets}${s.petsCount && s.petsCount !== '0' ? ` (up to ${s.petsCount})` : ''}`
              : null
          },
          { label: 'Pet fee', value: petFee },
          { label: 'Wheelchair', value: s.wheelchair },
          { label: 'Events or parties', value: s.eventsOrParties },
          { label: 'Smoking', value: s.smoking }
        ]}
      />
    </Section>
  )
}
