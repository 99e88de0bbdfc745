import { useDeferredValue } from 'react'
import { Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { useQuery } from '@tanstack/react-query'
import { addDays, isIsoDate, utcDateOf, type IsoDate } from '@shared/domain/dates'
import { useSavedScreenState } from '../../app/saved-state'
import { useNow } from '../../components/use-now'
import type { CalendarPlace } from './calendar-place'
import { PlaceField } from '../../components/PlaceField'
import { facetsQuery } from './queries'
import { TimelineGrid } from './TimelineGrid'
import { TimelineLegend } from './TimelineLegend'
import {
  DEFAULT_TIMELINE,
  hasTimelineFilter,
  TimelineSettings,
  timelineFilter,
  WEEK_CHOICES
} from './timeline-settings'
import classes from './Timeline.module.css'

/**
 * The portfolio's availability over the same weeks, a listing a row: filtered by words, country
 * and city (kept per profile across restarts), moved a block of weeks at a time, and opening a
 * listing's calendar from any of its days.
 */
export function TimelineView({
  place,
  onPlace,
  onOpen
}: {
  place: CalendarPlace
  onPlace: (patch: Partial<CalendarPlace>) => void
  onOpen: (listingId: number, date: IsoDate) => void
}) {
  const today = utcDateOf(useNow(60_000))
  const [settings, setSettings] = useSavedScreenState(
    'timeline.view',
    DEFAULT_TIMELINE,
    TimelineSettings
  )
  // No typing delay: each keystroke asks the copy, and React keeps typing ahead of the rows.
  const deferred = useDeferredValue(settings)
  const facets = useQuery(facetsQuery)
  const from = place.from ?? today
  const weeks = settings.weeks
  const set = (patch: Partial<TimelineSettings>) => setSettings((s) => ({ ...s, ...patch }))
  const shift = (n: number) => onPlace({ from: addDays(from, n * weeks * 7) })

  return (
    <Stack gap="sm" className={classes.root}>
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search listings"
          placeholder="Name, id or reference"
          value={settings.text}
          onChange={(e) => set({ text: e.currentTarget.value })}
          w={220}
        />
        <PlaceField
          label="Country"
          placeholder="Any country"
          facets={facets.data?.countries}
          value={settings.country}
          onChange={(country) => set({ country })}
          w={180}
        />
        <PlaceField
          label="City"
          placeholder="Any city"
          facets={facets.data?.cities}
          value={settings.city}
          onChange={(city) => set({ city })}
          w={180}
        />
        {hasTimelineFilter(settings) && (
          <Button variant="subtle" onClick={() => set({ text: '', country: '', city: '' })}>
            Clear filters
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end">
        <DateInput
          label="From"
          valueFormat="YYYY-MM-DD"
          placeholder="YYYY-MM-DD"
          value={from}
          onChange={(v) => v && isIsoDate(v) && onPlace({ from: v })}
          popoverProps={{ withinPortal: true }}
          w={150}
        />
        <Button variant="default" onClick={() => shift(-1)}>
          ‹ Previous {weeks} weeks
        </Button>
        <Button variant="default" onClick={() => shift(1)}>
          Next {weeks} weeks ›
        </Button>
        <Button variant="subtle" onClick={() => onPlace({ from: today })} disabled={from === today}>
          From today
        </Button>
        <SegmentedControl
          aria-label="Weeks shown"
          data={WEEK_CHOICES.map((w) => ({ value: String(w), label: `${w} weeks` }))}
          value={String(weeks)}
          onChange={(v) => set({ weeks: Number(v) as TimelineSettings['weeks'] })}
        />
      </Group>
      <TimelineGrid
        from={from}
        days={deferred.weeks * 7}
        filter={timelineFilter(deferred)}
        onOpen={onOpen}
        onClearFilter={() => set({ text: '', country: '', city: '' })}
      />
      <TimelineLegend />
    </Stack>
  )
}
