import { useState } from 'react'
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import { useScreenState } from '../../app/screen-state'
import { bookingIdIn } from './booking-model'
import type { BookingLookup } from './queries'

type By = 'id' | 'reference'

const FIELD: Record<By, { label: string; description: string; missing: string }> = {
  id: {
    label: 'Booking id',
    description: 'The service’s id, e.g. SB00012345. The sales channel is the active profile’s.',
    missing: 'Type the booking id, e.g. SB00012345'
  },
  reference: {
    label: 'Own reference',
    description: 'The reference your channel gave the booking, in any case, as ids.',
    missing: 'Type the booking’s own reference, e.g. WEB-123456'
  }
}

/**
 * Find one booking: by the service's id, or by the channel's own reference. The typed text is
 * checked here only for being there and not too long; the service says whether it exists.
 */
export function LookupBar({ onOpen }: { onOpen: (lookup: BookingLookup) => void }) {
  const [by, setBy] = useScreenState<By>('bookings.lookupBy', 'id')
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const field = FIELD[by]

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const value = text.trim()
    if (!value) return setError(field.missing)
    if (value.length > 100) return setError(`${field.label} is too long (at most 100 characters)`)
    setError(null)
    // "sb 0001 2345" and "#SB00012345" are the id as people copy it from mails.
    onOpen(by === 'id' ? { id: bookingIdIn(value) ?? value } : { reference: value })
  }

  return (
    <form onSubmit={submit} role="search" aria-label="Find a booking" noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="booking-lookup-by">
            Find by
          </Text>
          <SegmentedControl
            aria-labelledby="booking-lookup-by"
            value={by}
            onChange={(v) => {
              setBy(v as By)
              setError(null)
            }}
            data={[
              { value: 'id', label: 'By booking id' },
              { value: 'reference', label: 'By own reference' }
            ]}
          />
        </Stack>
        <TextInput
          label={field.label}
          description={field.description}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
          // The error above the box keeps the box level with the button beside it.
          inputWrapperOrder={['label', 'description', 'error', 'input']}
          autoComplete="off"
          spellCheck={false}
          w={360}
          data-testid="booking-lookup"
        />
        <Button type="submit">Open booking</Button>
      </Group>
    </form>
  )
}
