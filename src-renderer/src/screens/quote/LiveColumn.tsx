import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { QuoteAnswer } from '@shared/ipc/quotes.schema'
import { useNow } from '../../components/use-now'
import { liveDiscountNote } from './breakdown'
import { liveQuoteAskedText, liveQuoteFailed, liveQuoteHeading, liveQuotePhase } from './live-words'
import { QuoteBreakdown, SideNotice } from './QuoteBreakdown'

/**
 * The service's live quote: the price a booking made now would have. When the service can't
 * be reached this says so in plain words (not an error) and the estimate beside it still shows.
 */
export function LiveColumn({
  answer,
  onBook,
  refreshing,
  failedAt = null
}: {
  answer: QuoteAnswer
  onBook: () => void
  /** A new answer is on its way: the one shown is the previous one. */
  refreshing: boolean
  /** When the last ask of this stay failed outright: the answer shown is an earlier one. */
  failedAt?: number | null
}) {
  const now = useNow()
  const live = answer.live
  // A failed ask is said where the eye lands first, the heading, and never as "From the service".
  const phase = liveQuotePhase(live, refreshing, failedAt)
  const failed = liveQuoteFailed(phase)
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="live-quote-title">
      <Stack gap="sm">
        <div>
          <Title
            order={2}
            size="h3"
            id="live-quote-title"
            c={failed ? 'orange' : undefined}
            data-phase={phase.phase}
          >
            {liveQuoteHeading(phase)}
          </Title>
          <Text size="sm" c={failed ? 'orange' : 'dimmed'} data-testid="live-asked-at">
            {liveQuoteAskedText(phase, answer.askedAt, now)}
          </Text>
        </div>
        {live.state === 'priced' ? (
          <QuoteBreakdown
            view={live.quote}
            label="Live quote"
            discountNote={liveDiscountNote(live.quote, answer.offline)}
          />
        ) : (
          <SideNotice side={live} which="live" />
        )}
        <Group>
          <Button onClick={onBook} disabled={live.state !== 'priced' || refreshing || failed}>
            Book this
          </Button>
          {(live.state !== 'priced' || failed) && (
            <Text size="sm" c="dimmed">
              {live.state === 'unreachable' || failed
                ? 'Booking needs the service; ask again once it can be reached.'
                : 'Only a stay the service prices can be booked.'}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  )
}
