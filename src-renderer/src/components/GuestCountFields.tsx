import { Group, NumberInput, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { LooseKeys, UseFormReturnType } from '@mantine/form'
import { resizeAges } from './guest-ages'

export interface GuestCountProps {
  adults: number | string
  ages: (number | string)[]
  onAdultsChange: (v: number | string) => void
  onAgesChange: (ages: (number | string)[]) => void
  adultsError?: ReactNode
  ageError: (i: number) => ReactNode
  /** A problem with the list itself (one age per child). */
  agesError?: ReactNode
  maxGuest?: number | null
}

/** The guests part of a form's values: adults, and one age per child. */
interface GuestCountValues {
  adults: number | string
  childrenAges: (number | string)[]
}

/**
 * The guest counts bound to a form that holds them (a stay, a search, a booking): the values,
 * their changes and the form's errors on each field.
 */
export function guestCountsOf<V extends GuestCountValues>(
  form: UseFormReturnType<V>,
  maxGuest?: number | null
): GuestCountProps {
  const v = form.getValues()
  // The paths exist on every V; TypeScript cannot see a literal path through the generic.
  const set = (path: keyof GuestCountValues, value: unknown) =>
    form.setFieldValue(path as LooseKeys<V>, value as never)
  return {
    adults: v.adults,
    ages: v.childrenAges,
    onAdultsChange: (a) => set('adults', a),
    onAgesChange: (ages) => set('childrenAges', ages),
    adultsError: form.errors.adults,
    ageError: (i) => form.errors[`childrenAges.${i}`],
    agesError: form.errors.childrenAges,
    maxGuest
  }
}

/**
 * Adults and children, side by side in whatever grid holds them: the number of children sets
 * how many age fields ChildAges shows, and the ages already typed stay.
 */
export function GuestCounts({
  adults,
  ages,
  onAdultsChange,
  onAgesChange,
  adultsError,
  agesError,
  maxGuest
}: GuestCountProps) {
  return (
    <>
      <NumberInput
        label="Adults"
        required
        min={1}
        max={50}
        // Out of range is said on the field (the form's checks), never clamped on blur.
        clampBehavior="none"
        allowDecimal={false}
        allowNegative={false}
        value={adults}
        onChange={onAdultsChange}
        error={adultsError}
        description={maxGuest ? `The listing sleeps at most ${maxGuest}` : 'Guests over 12'}
      />
      <NumberInput
        label="Children"
        min={0}
        max={20}
        clampBehavior="none"
        allowDecimal={false}
        allowNegative={false}
        value={ages.length}
        onChange={(v) => onAgesChange(resizeAges(ages, typeof v === 'number' ? v : Number(v) || 0))}
        description="Aged 0 to 12"
        error={agesError}
      />
    </>
  )
}

/** One age field per child (0 to 12, as the service takes them). */
export function ChildAges({ ages, onAgesChange, ageError }: GuestCountProps) {
  if (ages.length === 0) return null
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="children-ages-label">
        Children’s ages
      </Text>
      <Group gap="xs" align="flex-start" role="group" aria-labelledby="children-ages-label">
        {ages.map((age, i) => (
          <NumberInput
            key={i}
            w={120}
            label={`Age of child ${i + 1}`}
            required
            min={0}
            max={12}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            value={age}
            onChange={(v) => onAgesChange(ages.map((a, k) => (k === i ? v : a)))}
            error={ageError(i)}
          />
        ))}
      </Group>
    </Stack>
  )
}
