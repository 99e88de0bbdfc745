import type { FocusEvent, KeyboardEvent } from 'react'
import { SimpleGrid, TextInput } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import type { UseFormReturnType } from '@mantine/form'
import { addDays, isIsoDate, utcDateOf } from '@shared/domain/dates'
import { stayWindow } from '@shared/domain/stay-limits'
import { formatDay, nightsText } from '../../components/text'
import { ListingPicker } from '../../components/ListingPicker'
import { useNow } from '../../components/use-now'
import { ChildAges, GuestCounts, guestCountsOf } from '../../components/GuestCountFields'
import { stayNights, typedDate, type StayValues } from './stay-form'

/**
 * Names for the calendar's arrow buttons, which Mantine leaves unnamed (axe: button-name). The
 * calendar's weekends are not coloured: Mantine's red on white reads at 3.3:1, under AA.
 */
/**
 * The stay to quote: listing, dates, guests, and the customer's country and language (the
 * service may price by them). Dates are typed or picked as YYYY-MM-DD and cross IPC as such;
 * the weekday is shown under each, since check-in days depend on it.
 */
export function StayFields({
  form,
  maxGuest
}: {
  form: UseFormReturnType<StayValues>
  maxGuest?: number | null
}) {
  const v = form.getValues()
  const today = utcDateOf(useNow(60_000))
  const nights = stayNights(v)
  const bounds = stayWindow(today)
  // The field's text on blur or Enter: a date outside the window is taken (and refused on its
  // field by the form's checks) rather than dropped for the previous one (see typedDate).
  const dateProps = (field: 'from' | 'to') => {
    const props = form.getInputProps(field)
    const take = (text: string) => {
      const typed = typedDate(text, form.getValues()[field])
      if (typed) form.setFieldValue(field, typed)
    }
    return {
      ...props,
      onBlur: (e: FocusEvent<HTMLInputElement>) => {
        take(e.currentTarget.value)
        props.onBlur?.(e)
      },
      onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter') take(e.currentTarget.value)
      }
    }
  }
  const guests = guestCountsOf(form, maxGuest)
  return (
    <>
      <ListingPicker
        value={v.listingId}
        onChange={(id) => form.setFieldValue('listingId', id)}
        error={form.errors.listingId}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <DateInput
          label="Arrival"
          required
          clearButtonProps={{ 'aria-label': 'Clear the arrival date' }}
          valueFormat="YYYY-MM-DD"
          placeholder="YYYY-MM-DD"
          minDate={bounds.first}
          maxDate={addDays(bounds.last, -1)}
          clearable
          description={isIsoDate(v.from) ? formatDay(v.from) : 'Check-in day'}
          popoverProps={{ withinPortal: true }}
          {...dateProps('from')}
        />
        <DateInput
          label="Departure"
          required
          clearButtonProps={{ 'aria-label': 'Clear the departure date' }}
          valueFormat="YYYY-MM-DD"
          placeholder="YYYY-MM-DD"
          minDate={isIsoDate(v.from) ? addDays(v.from, 1) : addDays(bounds.first, 1)}
          maxDate={bounds.last}
          clearable
          description={
            isIsoDate(v.to)
              ? `${formatDay(v.to)}${nights ? ` · ${nightsText(nights)}` : ''}`
              : 'Check-out day'
          }
          popoverProps={{ withinPortal: true }}
          {...dateProps('to')}
        />
        <GuestCounts {...guests} />
      </SimpleGrid>
      <ChildAges {...guests} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <TextInput
          label="Customer country"
          description="Two letters, such as DE"
          maxLength={2}
          autoComplete="off"
          spellCheck={false}
          styles={{ input: { textTransform: 'uppercase' } }}
          {...form.getInputProps('customerCountry')}
        />
        <TextInput
          label="Customer language"
          description="Two letters, such as de"
          maxLength={3}
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('customerLanguage')}
        />
      </SimpleGrid>
    </>
  )
}
