import type { ReactNode } from 'react'
import { Button, Group, Stack } from '@mantine/core'

/** What a list's filter bar takes from its screen: the filters and where the next ones go. */
export interface FilterBarProps<F> {
  value: F
  onChange: (next: F) => void
}

/**
 * The filters over a list (History, Journal, Recent bookings): a search landmark named for what
 * it filters, a row of fields, an optional second row (a choice of scope or kind), and "Clear
 * filters" at the end of the last row once any filter is set.
 */
export function FilterBar<F>({
  label,
  value,
  onChange,
  none,
  isSet,
  children,
  second
}: FilterBarProps<F> & {
  /** The landmark's name: "Filter changes", "Filter bookings". */
  label: string
  /** The filters cleared: what "Clear filters" sets. */
  none: F
  /** Some filter is set: "Clear filters" shows. */
  isSet: (filters: F) => boolean
  /** The fields, in one row aligned on their inputs. */
  children: ReactNode
  /** A second row under the fields (a segmented choice and its label). */
  second?: ReactNode
}) {
  // In the fields' row the button is as tall as the inputs; beside a segmented choice, compact.
  const clear = isSet(value) && (
    <Button variant="subtle" size={second ? 'xs' : 'sm'} onClick={() => onChange(none)}>
      Clear filters
    </Button>
  )
  return (
    <Stack gap="xs" role="search" aria-label={label}>
      <Group align="flex-end" gap="sm">
        {children}
        {!second && clear}
      </Group>
      {second && (
        <Group gap="sm" align="center">
          {second}
          {clear}
        </Group>
      )}
    </Stack>
  )
}

/** `set('guest', 'Ann')`: the filters with one of them changed, for a bar's onChange. */
export function filterSetter<F extends object>({ value, onChange }: FilterBarProps<F>) {
  return <K extends keyof F>(key: K, v: F[K]) => onChange({ ...value, [key]: v })
}
