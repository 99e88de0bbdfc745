import { useId } from 'react'
import { SegmentedControl, Text, type SegmentedControlProps } from '@mantine/core'

/**
 * A segmented choice under a visible name ("Kind", "Profiles"): the name is a text of its own
 * that the control is labelled by, since a segmented control has no label of its own.
 */
export function SegmentedChoice({ label, ...control }: SegmentedControlProps & { label: string }) {
  const id = useId()
  return (
    <>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} {...control} />
    </>
  )
}
