import { Group, SimpleGrid, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import type { BookingValues } from './booking-form'

/** The guest as the service's Guest object takes them (first and last name and e-mail required). */
export function GuestFields({ form }: { form: UseFormReturnType<BookingValues> }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="First name"
          required
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('guest.firstName')}
        />
        <TextInput
          label="Last name"
          required
          autoComplete="off"
          {...form.getInputProps('guest.lastName')}
        />
        <TextInput
          label="E-mail"
          required
          type="email"
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('guest.email')}
        />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="off"
          description="Optional; with the country code, such as +49"
          {...form.getInputProps('guest.phone')}
        />
      </SimpleGrid>
      <Group grow align="flex-start">
        <TextInput
          label="Country"
          description="Two letters, such as DE (optional)"
          maxLength={2}
          autoComplete="off"
          spellCheck={false}
          styles={{ input: { textTransform: 'uppercase' } }}
          {...form.getInputProps('guest.country')}
        />
        <TextInput
          label="Language"
          description="Two letters, such as de (optional)"
          maxLength={3}
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('guest.language')}
        />
      </Group>
    </>
  )
}
