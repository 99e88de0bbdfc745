import { memo } from 'react'
import { Box, SegmentedControl } from '@mantine/core'
import { ListingPicker } from '../../components/ListingPicker'

/*
 * The months view's controls above the grids, memoised apart from it: a month switch redraws
 * the view, and these (the picker's Select above all) only when their own value changes.
 */

/** The listing picker, redrawn only when the listing changes (not on every month switch). */
export const Picker = memo(function Picker({
  value,
  onChange
}: {
  value: string | null
  onChange: (id: string | null) => void
}) {
  return (
    <Box w={{ base: '100%', sm: 520 }}>
      <ListingPicker value={value} onChange={onChange} required={false} />
    </Box>
  )
})

const MONTHS_SHOWN = [
  { value: '1', label: 'One month' },
  { value: '2', label: 'Two months' }
]

export const MonthsShown = memo(function MonthsShown({
  count,
  onCount
}: {
  count: number
  onCount: (n: number) => void
}) {
  return (
    <SegmentedControl
      aria-label="Months shown"
      data={MONTHS_SHOWN}
      value={String(count)}
      onChange={(v) => onCount(Number(v))}
    />
  )
})
