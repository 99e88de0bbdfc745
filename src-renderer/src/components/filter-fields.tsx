import { Select, TextInput, type SelectProps, type TextInputProps } from '@mantine/core'
import {
  DateInput,
  DatePickerInput,
  type DateInputProps,
  type DatePickerInputProps
} from '@mantine/dates'

/** The fields of a list's filter bar: each hands its filter's value on, not the input's event. */

type DayRange = [string | null, string | null]

/** A text filter: the list follows as one types. */
export function TextFilter({
  onChange,
  ...input
}: Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string
  onChange: (text: string) => void
}) {
  return <TextInput {...input} onChange={(e) => onChange(e.currentTarget.value)} />
}

/** "All" is a choice of its own: reachable by keyboard like any other (no clear button). */
const ALL = 'all'

/** One of a fixed set of values, or all of them (null); each value shown in its words. */
export function AllSelect<T extends string>({
  all,
  choices,
  words,
  value,
  onChange,
  ...select
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  /** The choice that filters nothing: "All actions". */
  all: string
  choices: readonly T[]
  words: Record<T, string>
  value: T | null
  onChange: (next: T | null) => void
}) {
  const data = [{ value: ALL, label: all }, ...choices.map((c) => ({ value: c, label: words[c] }))]
  return (
    <Select
      {...select}
      data={data}
      value={value ?? ALL}
      onChange={(v) => onChange(!v || v === ALL ? null : (v as T))}
      allowDeselect={false}
      withScrollArea={false}
    />
  )
}

/** One day, typed or picked, as YYYY-MM-DD; the clear button is named for what it clears. */
export function DayFilter({ clearLabel, ...input }: DateInputProps & { clearLabel: string }) {
  return (
    <DateInput
      placeholder="YYYY-MM-DD"
      valueFormat="YYYY-MM-DD"
      clearable
      clearButtonProps={{ 'aria-label': clearLabel }}
      {...input}
    />
  )
}

/** A range of days, either end open; one day alone is a range too. */
export function DaysFilter({
  value,
  onChange,
  clearLabel,
  ...input
}: Omit<DatePickerInputProps<'range'>, 'type' | 'value' | 'onChange'> & {
  value: DayRange
  onChange: (range: DayRange) => void
  clearLabel: string
}) {
  return (
    <DatePickerInput
      type="range"
      value={value}
      onChange={(range) => onChange([range[0] ?? null, range[1] ?? null])}
      allowSingleDateInRange
      clearable
      clearButtonProps={{ 'aria-label': clearLabel }}
      // Mantine's placeholder span misses the theme's AA-tuned placeholder shade in dark.
      styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
      {...input}
    />
  )
}
