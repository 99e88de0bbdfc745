import { memo } from 'react'
import { Group, SegmentedControl, Stack, Title } from '@mantine/core'
import type { CalendarView } from '../../app/navigation'
import { useNavigation } from '../../app/navigation'
import { useScreenState } from '../../app/screen-state'
import { DataAgeNote } from '../../components/DataAgeNote'
import {
  GRID_STATE_KEY,
  NO_GRID,
  NO_PLACE,
  placeOf,
  routeOf,
  samePlace,
  type CalendarPlace,
  type GridMemory
} from './calendar-place'
import { monthOf } from './month-math'
import { MonthsView } from './MonthsView'
import { TimelineView } from './TimelineView'
import { useStableCallback } from './use-stable-callback'

/**
 * The property manager's calendar: one listing's rate calendar month by month, or the whole
 * portfolio's availability as a timeline. Where it stands (view, listing, month, timeline start)
 * is the route's when another screen opens it somewhere, else as it was last left.
 */
export function CalendarScreen() {
  const nav = useNavigation()
  const [saved, setSaved] = useScreenState<CalendarPlace>('calendar.place', NO_PLACE)
  const [, setGrid] = useScreenState<GridMemory>(GRID_STATE_KEY, NO_GRID)
  const route = nav.route.screen === 'calendar' ? nav.route : { screen: 'calendar' as const }
  const place = placeOf(saved, route)

  // Stable, so the memoised header and month grids are not redrawn for a new handler.
  const change = useStableCallback((patch: Partial<CalendarPlace>) => {
    const next = { ...place, ...patch }
    if (samePlace(next, place)) return
    setSaved(next)
    nav.go(routeOf(next))
  })
  const switchView = useStableCallback((view: CalendarView) => change({ view }))

  return (
    <Stack gap="md">
      <Header view={place.view} onView={switchView} />
      {place.view === 'months' ? (
        <MonthsView place={place} onPlace={change} />
      ) : (
        <TimelineView
          place={place}
          onPlace={change}
          onOpen={(listingId, date) => {
            // The day clicked becomes the active day of that listing's month.
            setGrid({ listingId, active: date, selection: null })
            change({ view: 'months', listingId, month: monthOf(date) })
          }}
        />
      )}
    </Stack>
  )
}

const VIEWS = [
  { value: 'months', label: 'Months' },
  { value: 'timeline', label: 'Timeline' }
]

/** Title, data age and view switch: redrawn when the view changes, not on a month switch. */
const Header = memo(function Header({
  view,
  onView
}: {
  view: CalendarView
  onView: (view: CalendarView) => void
}) {
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        <Title order={1}>Calendar</Title>
        <DataAgeNote resource="availability" />
      </div>
      <SegmentedControl
        aria-label="View"
        data={VIEWS}
        value={view}
        onChange={(v) => onView(v as CalendarView)}
      />
    </Group>
  )
})
