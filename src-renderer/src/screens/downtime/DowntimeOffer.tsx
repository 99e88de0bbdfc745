import { useState } from 'react'
import { Alert, Button, Group, Text } from '@mantine/core'
import { useNavigationActions, type ScreenId } from '../../app/navigation'
import { useServiceOffline, useVia } from '../../components/DataAgeNote'
import { openDowntimePack } from './downtime-nav'

/**
 * While the service (a team profile's hub) can't be reached, the first thing on the screen is
 * the offer of the downtime pack: the arrivals and departures of today and the next three days
 * (the dates the next 72 hours run through) to print or save, from the bookings this profile
 * keeps. "Not now" hides it until the service answers and is lost again.
 */
export function DowntimeOffer({ screen }: { screen: ScreenId }) {
  const offline = useServiceOffline()
  const via = useVia()
  const nav = useNavigationActions()
  const [hidden, setHidden] = useState(false)
  // Back online, a "Not now" is forgotten: the next outage offers the pack again.
  const [seenOffline, setSeenOffline] = useState(offline)
  if (seenOffline !== offline) {
    setSeenOffline(offline)
    if (!offline) setHidden(false)
  }
  if (!offline || hidden) return null
  return (
    // A note, not an alarm: an outage of the service is no error of StayDesk (a role=alert would
    // be read out as one), so it is a labelled region in the neutral colour of the data-age notes.
    <Alert
      role="region"
      aria-label="Downtime pack"
      color="gray"
      variant="light"
      // The header and the data-age lines already say the service can't be reached: the offer
      // says it in other words, so the page does not repeat one sentence.
      title="The downtime pack is ready"
      mb="md"
      data-testid="downtime-offer"
    >
      <Text size="sm">
        While {via === 'hub' ? 'the team hub' : 'the service'} is out of reach: the arrivals and
        departures of today and the next 3 days from the bookings this profile keeps, with
        guests&apos; contacts, addresses, check-in times and payment status, to print or save as
        PDF.
      </Text>
      <Group gap="xs" mt="sm">
        <Button size="xs" onClick={() => openDowntimePack(nav, screen)}>
          Open the downtime pack
        </Button>
        <Button size="xs" variant="default" onClick={() => setHidden(true)}>
          Not now
        </Button>
      </Group>
    </Alert>
  )
}
