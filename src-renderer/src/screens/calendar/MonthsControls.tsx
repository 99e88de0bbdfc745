import { memo } from 'react'
import { Box, Button, Group, SegmentedControl, Text } from '@mantine/core'
import type { DataAgeTone } from '../../components/data-age'
import { DataAgeText } from '../../components/DataAgeNote'
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

/**
 * Where the month's figures come from and how old they are, drawn as every data-age line is,
 * then how far the copy reaches; strings each, so it is memoised.
 */
export const SourceLine = memo(function SourceLine({
  text,
  tone,
  coverage
}: {
  text: string
  tone: DataAgeTone
  coverage: string
}) {
  return (
    <div data-testid="calendar-source">
      <DataAgeText tone={tone} testId="calendar-data-age">
        {text}
      </DataAgeText>
      <Text size="sm" c="dimmed" data-testid="calendar-coverage">
        {coverage}
      </Text>
    </div>
  )
})

/** Previous, next and this month: redrawn only when one of them becomes (un)available. */
export const MonthButtons = memo(function MonthButtons({
  canGoBack,
  canGoOn,
  showsToday,
  onMove
}: {
  canGoBack: boolean
  canGoOn: boolean
  showsToday: boolean
  onMove: (to: 'back' | 'on' | 'today') => void
}) {
  return (
    <Group gap="xs">
      <Button variant="default" size="sm" onClick={() => onMove('back')} disabled={!canGoBack}>
        ‹ Previous month
      </Button>
      <Button variant="default" size="sm" onClick={() => onMove('on')} disabled={!canGoOn}>
        Next month ›
      </Button>
      <Button variant="subtle" size="sm" onClick={() => onMove('today')} disabled={showsToday}>
        This month
      </Button>
    </Group>
  )
})
