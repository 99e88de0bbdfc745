import { Group, SimpleGrid, Text, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { BRAND_LABEL, cardBrand, cardDigits } from '@shared/domain/card'

/** The card part of a form: what the service's CreditCard takes. */
export interface CardValues {
  name: string
  number: string
  expiration: string
  cvc: string
}

export const EMPTY_CARD: CardValues = { name: '', number: '', expiration: '', cvc: '' }

/**
 * Card fields for a form whose values hold `card` (CardValues). Nothing about them is kept:
 * no autocomplete, no spell check, and the owning form clears them after every submit,
 * whatever the outcome (see its onSettled). Only the detected brand is shown back.
 */
export function CardFields<T extends { card: CardValues }>({
  form,
  required = false
}: {
  form: UseFormReturnType<T>
  required?: boolean
}) {
  const digits = cardDigits(form.getValues().card.number)
  const secret = { autoComplete: 'off', spellCheck: false, 'data-card-field': true } as const
  return (
    <div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Name on the card" {...secret} {...form.getInputProps('card.name')} />
        <TextInput
          label="Card number"
          required={required}
          inputMode="numeric"
          {...secret}
          {...form.getInputProps('card.number')}
        />
        <TextInput
          label="Expiry (MM/YY)"
          placeholder="MM/YY"
          required={required}
          inputMode="numeric"
          maxLength={5}
          {...secret}
          {...form.getInputProps('card.expiration')}
        />
        <TextInput
          label="Security code (CVC)"
          required={required}
          inputMode="numeric"
          maxLength={4}
          {...secret}
          {...form.getInputProps('card.cvc')}
        />
      </SimpleGrid>
      {digits.length >= 2 && (
        <Group mt={4}>
          <Text size="xs" c="dimmed" data-testid="card-brand">
            {BRAND_LABEL[cardBrand(digits)]}
          </Text>
        </Group>
      )}
    </div>
  )
}
