import { SimpleGrid, TextInput } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import type { UseFormReturnType } from '@mantine/form'
import { addDays, isIsoDate, utcDateOf } from '@shared/domain/dates'
import { formatDay } from '../../components/format'
import { ListingPicker } from '../../components/ListingPicker'
import { useNow } from '../../components/use-now'
import { nightsText } from './breakdown'
import { ChildAges, GuestCounts, type GuestCountProps } from '../../components/GuestCountFields'
import { stayNights, type StayValues } from './stay-form'

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
  const guests: GuestCountProps = {
    adults: v.adults,
    ages: v.childrenAges,
    onAdultsChange: (a) => form.setFieldValue('adults', a),
    onAgesChange: (ages) => form.setFieldValue('childrenAges', ages),
    adultsError: form.errors.adults,
    ageError: (i) => form.errors[`childrenAges.${i}`],
    agesError: form.errors.childrenAges,
    maxGuest
  }
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
          minDate={today}
          clearable
          description={isIsoDate(v.from) ? formatDay(v.from) : 'Check-in day'}
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('from')}
        />
        <DateInput
          label="Departure"
          required
          clearButtonProps={{ 'aria-label': 'Clear the departure date' }}
          valueFormat="YYYY-MM-DD"
          placeholder="YYYY-MM-DD"
          minDate={isIsoDate(v.from) ? addDays(v.from, 1) : today}
          clearable
          description={
            isIsoDate(v.to)
              ? `${formatDay(v.to)}${nights ? ` · ${nightsText(nights)}` : ''}`
              : 'Check-out day'
          }
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('to')}
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
