import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { QuoteAnswer } from '@shared/ipc/quotes.schema'
import type { Via } from '../../components/data-source'
import { RoleRefusalNote, useRoleGate } from '../../components/RoleGate'
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
  failedAt = null,
  via = 'service'
}: {
  answer: QuoteAnswer
  /** Whom the ask went through: a team profile's hub, else the service directly. */
  via?: Via
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
  // A team profile whose role may not make bookings sees why beside the greyed-out button.
  const bookGate = useRoleGate('bookings:create')
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
            {liveQuoteAskedText(phase, answer.askedAt, now, via)}
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
          <Button
            onClick={onBook}
            disabled={live.state !== 'priced' || refreshing || failed}
            {...bookGate.control}
          >
            Book this
          </Button>
          <RoleRefusalNote gate={bookGate} />
          {bookGate.refusal === null && (live.state !== 'priced' || failed) && (
            <Text size="sm" c="dimmed">
              {live.state === 'unreachable' || failed
                ? `Booking needs ${via === 'hub' ? 'the team hub' : 'the service'}; ask again once it can be reached.`
                : 'Only a stay the service prices can be booked.'}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  )
}
