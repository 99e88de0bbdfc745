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
import { useCalendarFreshness } from './use-calendar-freshness'

/**
 * The property manager's calendar: one listing's rate calendar month by month, or the whole
 * portfolio's availability as a timeline. Where it stands (view, listing, month, timeline start)
 * is the route's when another screen opens it somewhere, else as it was last left.
 */
export function CalendarScreen() {
  const nav = useNavigation()
  const [saved, setSaved] = useScreenState<CalendarPlace>('calendar.place', NO_PLACE)
  const [, setGrid] = useScreenState<GridMemory>(GRID_STATE_KEY, NO_GRID)
  useCalendarFreshness()
  const route = nav.route.screen === 'calendar' ? nav.route : { screen: 'calendar' as const }
  const place = placeOf(saved, route)

  const change = (patch: Partial<CalendarPlace>) => {
    const next = { ...place, ...patch }
    if (samePlace(next, place)) return
    setSaved(next)
    nav.go(routeOf(next))
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Calendar</Title>
          <DataAgeNote resource="availability" />
        </div>
        <SegmentedControl
          aria-label="View"
          data={[
            { value: 'months', label: 'Months' },
            { value: 'timeline', label: 'Timeline' }
          ]}
          value={place.view}
          onChange={(v) => change({ view: v as CalendarView })}
        />
      </Group>
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
