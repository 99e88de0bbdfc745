import { memo } from 'react'
import { Alert, Button, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { QuoteView } from '@shared/ipc/quotes.schema'
import type { QuotePrefill } from '../../app/navigation'
import { useScreenState } from '../../app/screen-state'
import { ErrorAlert } from '../../components/ErrorAlert'
import { ChildAges, GuestCounts, guestCountsOf } from '../../components/GuestCountFields'
import type { StayRange } from './grid-nav'
import { DEFAULT_GUESTS, guestErrors, guestsText, stayInput, type GuestValues } from './guests-form'
import { stayQuery } from './queries'
import { MoneyTable } from '../bookings/MoneyTable'
import { besideLines, rangeText, totalLines, type EstimateLine } from './stay-words'
import { formatCents } from '../../components/text'

/** What the guest pays apart from the total: none of it is an addend of the total. */
function BesideLines({ lines, label }: { lines: EstimateLine[]; label: string }) {
  return (
    <Table verticalSpacing={3} aria-label={label}>
      <Table.Tbody>
        {lines.map((l) => (
          <Table.Tr key={l.key} data-line={l.key}>
            <Table.Th scope="row" fw={400}>
              {l.label}
            </Table.Th>
            <Table.Td
              ta="right"
              style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              data-cents={l.cents}
            >
              {formatCents(l.cents)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

function Breakdown({ view }: { view: QuoteView }) {
  const beside = besideLines(view)
  return (
    <Stack gap="xs" data-testid="stay-estimate">
      <MoneyTable lines={totalLines(view)} label="Estimate of the selected stay" />
      {beside.length > 0 && <BesideLines lines={beside} label="Not in the total" />}
    </Stack>
  )
}

/**
 * The nights selected on the grid: who stays, the offline estimate with its breakdown or every
 * reason the copy gives why it can't be booked, and the hand-over to the quote screen, which
 * asks the service itself.
 */
export const StayPanel = memo(function StayPanel({
  listingId,
  range,
  pending,
  maxGuest,
  onClear,
  onQuote
}: {
  listingId: number
  range: StayRange | null
  pending: boolean
  maxGuest: number | null
  onClear: () => void
  /** Opens the quote screen (the navigation's own, stable: see MonthsView). */
  onQuote: (prefill: QuotePrefill) => void
}) {
  const [guests, setGuests] = useScreenState<GuestValues>('calendar.guests', DEFAULT_GUESTS)
  const form = useForm<GuestValues>({
    mode: 'controlled',
    initialValues: guests,
    validate: guestErrors,
    validateInputOnChange: true,
    onValuesChange: setGuests
  })
  const values = form.getValues()
  // While the last night is still being chosen the selection is not a stay yet: judging it
  // said "not bookable, minimum stay" of a stay nobody asked about.
  const input = range && !pending ? stayInput(listingId, range, values) : null
  const estimate = useQuery({
    ...stayQuery(input ?? { listingId, from: '', to: '', adults: 1 }),
    enabled: !!input,
    placeholderData: keepPreviousData
  })
  const fields = guestCountsOf(form, maxGuest)
  const answer = input ? estimate.data : undefined

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="stay-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="stay-title">
          Selected stay
        </Title>
        {!range ? (
          <Text size="sm" c="dimmed" data-testid="stay-hint">
            Select nights on the calendar: Enter or a click on the first night, then on the last; or
            Shift with the arrow keys. Escape clears the selection.
          </Text>
        ) : (
          <>
            <Text size="sm" fw={500} data-testid="stay-dates" aria-live="polite">
              {rangeText(range)}
              {pending ? ' · choose the last night (Enter or a click)' : ''}
            </Text>
            {/* Inputs level with each other whatever the length of their descriptions. */}
            <Group grow align="flex-end" gap="xs" wrap="nowrap">
              <GuestCounts {...fields} />
            </Group>
            <ChildAges {...fields} />
            {estimate.isError ? (
              <ErrorAlert
                title="The estimate could not be made"
                error={estimate.error}
                onRetry={() => void estimate.refetch()}
              />
            ) : !answer ? (
              input && (
                <Text size="sm" c="dimmed">
                  Pricing the stay from the offline copy…
                </Text>
              )
            ) : answer.state === 'priced' ? (
              <Breakdown view={answer.quote} />
            ) : answer.state === 'unavailable' ? (
              <Alert
                color="orange"
                variant="light"
                title="Not bookable by the offline copy"
                data-testid="stay-unavailable"
              >
                <List size="sm">
                  {answer.reasons.map((r) => (
                    <List.Item
                      key={r.code + r.message}
                      data-testid="stay-reason"
                      data-code={r.code}
                    >
                      {r.message}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            ) : (
              <Alert color="gray" variant="light" data-testid="stay-unknown-listing">
                The offline copy holds no such listing any more: sync, then choose it again.
              </Alert>
            )}
            {input && (
              <Text size="xs" c="dimmed">
                Estimated from the offline copy for {guestsText(values)}. The quote screen asks the
                service itself.
              </Text>
            )}
            <Group gap="xs">
              <Button
                size="xs"
                disabled={!input}
                onClick={() =>
                  input &&
                  onQuote({
                    listingId,
                    from: input.from,
                    to: input.to,
                    adults: Number(input.adults),
                    childrenAges: (input.childrenAges ?? []).map(Number)
                  })
                }
              >
                Quote this stay
              </Button>
              <Button size="xs" variant="default" onClick={onClear}>
                Clear selection
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  )
})
