import { useCallback, useState } from 'react'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import type { KeptBooking } from '@shared/ipc/bookings.schema'
import { useNavigation } from '../../app/navigation'
import { useVia } from '../../components/DataAgeNote'
import { openDowntimePack } from '../downtime/downtime-nav'
import { BookingView } from './BookingView'
import { LookupBar } from './LookupBar'
import { keepOnScreen, type BookingLookup } from './queries'
import { RecentList } from './RecentList'
import { bookingsLead } from './team-words'
import { WatchList } from './WatchList'

/**
 * The support agent's bookings: find one by id or own reference, and, when none is open, the
 * watch list and every booking read so far. The open booking is the route's
 * ({screen: 'bookings', bookingId}), so the palette, links and tests open it directly.
 */
export function BookingsScreen() {
  const nav = useNavigation()
  const qc = useQueryClient()
  const via = useVia()
  const routeId = nav.route.screen === 'bookings' ? nav.route.bookingId : undefined
  // A lookup by own reference, until the service says which booking id it is.
  const [reference, setReference] = useState<string | null>(null)
  const lookup: BookingLookup | null = routeId ? { id: routeId } : reference ? { reference } : null

  const open = (l: BookingLookup) => {
    if ('id' in l) {
      setReference(null)
      nav.openBooking(l.id)
    } else {
      setReference(l.reference)
      nav.go({ screen: 'bookings' })
    }
  }
  const back = () => {
    setReference(null)
    nav.go({ screen: 'bookings' })
  }
  const resolved = useCallback(
    (kept: KeptBooking) => {
      keepOnScreen(qc, kept)
      setReference(null)
      nav.openBooking(kept.booking.id)
    },
    [qc, nav]
  )

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>Bookings</Title>
          <Text size="sm" c="dimmed" data-testid="bookings-lead">
            {bookingsLead(via)}
          </Text>
        </div>
        {/* Today's and the next 3 days' arrivals and departures on paper, for when the service is down. */}
        <Button variant="default" onClick={() => openDowntimePack(nav, 'bookings')}>
          Downtime pack
        </Button>
      </Group>
      <LookupBar onOpen={open} />
      {lookup ? (
        <BookingView lookup={lookup} onBack={back} onResolved={resolved} />
      ) : (
        <>
          <WatchList onOpen={nav.openBooking} />
          <RecentList onOpen={nav.openBooking} />
        </>
      )}
    </Stack>
  )
}
