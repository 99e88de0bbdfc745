import { useDeferredValue, type FocusEvent, type KeyboardEvent } from 'react'
import { Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { useQuery } from '@tanstack/react-query'
import { sentenceDate } from '@shared/domain/date-words'
import { addDays, isIsoDate, utcDateOf, type IsoDate } from '@shared/domain/dates'
import { stayWindow } from '@shared/domain/stay-limits'
import { useSavedScreenState } from '../../app/saved-state'
import { useNow } from '../../components/use-now'
import type { CalendarPlace } from './calendar-place'
import { PlaceField } from '../../components/PlaceField'
import { typedDate } from '../quote/stay-form'
import { listingFacetsQuery } from '../../app/queries'
import { TimelineGrid } from './TimelineGrid'
import { TimelineLegend } from './TimelineLegend'
import {
  DAY_WIDTHS,
  DEFAULT_TIMELINE,
  hasTimelineFilter,
  TimelineSettings,
  timelineFilter,
  WEEK_CHOICES
} from './timeline-settings'
import classes from './Timeline.module.css'

/**
 * Why a start day shows nothing the service publishes (availability from today for two years),
 * said on the From field; null inside that window. Without it, days past the window read as
 * "not in the offline copy", as if a sync would bring them.
 */
function timelineFromProblem(from: IsoDate, today: IsoDate): string | null {
  const w = stayWindow(today)
  const window = `the service publishes availability from today, ${sentenceDate(today)}, to ${sentenceDate(w.last)} (two years)`
  if (from < today) return `${sentenceDate(from)} is in the past: ${window}.`
  if (from > w.last) return `${sentenceDate(from)} is past the availability window: ${window}.`
  return null
}

/** The day widths by what they show: wide days have room for each night's price. */
const DAY_WIDTH_LABEL: Record<(typeof DAY_WIDTHS)[number], string> = {
  narrow: 'Narrow days',
  wide: 'Days with prices'
}

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
  const facets = useQuery(listingFacetsQuery)
  const from = place.from ?? today
  const weeks = settings.weeks
  const set = (patch: Partial<TimelineSettings>) => setSettings((s) => ({ ...s, ...patch }))
  const shift = (n: number) => onPlace({ from: addDays(from, n * weeks * 7) })
  const windowLast = stayWindow(today).last
  // The moves stop at the window: a span starting before today or after its last day is empty.
  const canGoBack = addDays(from, -weeks * 7) >= today
  const canGoOn = addDays(from, weeks * 7) <= windowLast
  const fromProblem = isIsoDate(from) ? timelineFromProblem(from, today) : null
  // Mantine drops a typed date outside minDate..maxDate and puts the old one back on blur: the
  // typed one is taken instead, and its field says why it shows nothing (see typedDate).
  const take = (text: string) => {
    const typed = typedDate(text, from)
    if (typed) onPlace({ from: typed })
  }

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
          onBlur={(e: FocusEvent<HTMLInputElement>) => take(e.currentTarget.value)}
          onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
            if (e.key === 'Enter') take(e.currentTarget.value)
          }}
          minDate={today}
          maxDate={windowLast}
          // Days of the next month drawn faint fail contrast (axe): the month shows alone.
          hideOutsideDates
          error={fromProblem}
          popoverProps={{ withinPortal: true }}
          w={fromProblem ? 420 : 150}
        />
        <Button variant="default" onClick={() => shift(-1)} disabled={!canGoBack}>
          ‹ Previous {weeks} weeks
        </Button>
        <Button variant="default" onClick={() => shift(1)} disabled={!canGoOn}>
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
        <SegmentedControl
          aria-label="Day width"
          data={DAY_WIDTHS.map((w) => ({ value: w, label: DAY_WIDTH_LABEL[w] }))}
          value={settings.dayWidth}
          onChange={(v) => set({ dayWidth: v as TimelineSettings['dayWidth'] })}
        />
      </Group>
      <TimelineGrid
        from={from}
        days={deferred.weeks * 7}
        dayWidth={deferred.dayWidth}
        filter={timelineFilter(deferred)}
        windowLast={windowLast}
        onOpen={onOpen}
        onClearFilter={() => set({ text: '', country: '', city: '' })}
      />
      <TimelineLegend />
    </Stack>
  )
}
