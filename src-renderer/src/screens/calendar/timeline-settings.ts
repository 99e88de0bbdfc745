import { z } from 'zod'
import type { CommandInput } from '@shared/ipc/contract'

/**
 * The timeline's filter and span, kept per profile across restarts (prefs key 'timeline.view').
 * A saved value that no longer fits this shape is dropped for the defaults.
 */
export const WEEK_CHOICES = [4, 8, 12] as const

/**
 * How wide a day is drawn: `narrow` fits many weeks on screen (with prices only when the whole
 * span fits at the wide size), `wide` always has room for each night's price.
 */
export const DAY_WIDTHS = ['narrow', 'wide'] as const
export type DayWidth = (typeof DAY_WIDTHS)[number]

export const TimelineSettings = z.object({
  text: z.string().max(200),
  country: z.string().max(100),
  city: z.string().max(100),
  weeks: z.union([z.literal(4), z.literal(8), z.literal(12)]),
  // Saved before the choice existed: narrow, as the days were drawn then.
  dayWidth: z.enum(DAY_WIDTHS).default('narrow')
})
export type TimelineSettings = z.infer<typeof TimelineSettings>

export const DEFAULT_TIMELINE: TimelineSettings = {
  text: '',
  country: '',
  city: '',
  weeks: 8,
  dayWidth: 'narrow'
}

export type TimelineFilter = NonNullable<CommandInput<'calendar:timeline'>['filter']>

/** The command's filter: trimmed words, empty ones left out; undefined when there are none. */
export function timelineFilter(s: TimelineSettings): TimelineFilter | undefined {
  const filter: TimelineFilter = {}
  const text = s.text.trim()
  const country = s.country.trim()
  const city = s.city.trim()
  if (text) filter.text = text
  if (country) filter.country = country
  if (city) filter.city = city
  return Object.keys(filter).length > 0 ? filter : undefined
}

export function hasTimelineFilter(s: TimelineSettings): boolean {
  return timelineFilter(s) !== undefined
}
