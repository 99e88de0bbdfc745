import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { QuoteAnswer } from '@shared/ipc/desk.schema'
import { ago, formatDateTime } from '../../components/format'
import { useNow } from '../../components/use-now'
import { liveDiscountNote } from './breakdown'
import { QuoteBreakdown, SideNotice } from './QuoteBreakdown'

/**
 * The service's live quote: the price a booking made now would have. When the service can't
 * be reached this says so in plain words (not an error) and the estimate beside it still shows.
 */
export function LiveColumn({
  answer,
  onBook,
  refreshing
}: {
  answer: QuoteAnswer
  onBook: () => void
  /** A new answer is on its way: the one shown is the previous one. */
  refreshing: boolean
}) {
  const now = useNow()
  const live = answer.live
  // A failed ask is said where the eye lands first, the heading, and never as "From the service".
  const failed = live.state === 'unreachable' && !refreshing
  const asked = `${ago(answer.askedAt, now)} (${formatDateTime(answer.askedAt)})`
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="live-quote-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id="live-quote-title">
            {failed ? 'Live quote: not available' : 'Live quote'}
          </Title>
          <Text size="sm" c="dimmed" data-testid="live-asked-at">
            {refreshing
              ? 'Asking the service…'
              : failed
                ? `Asked the service ${asked}: no quote came back`
                : `From the service, asked ${asked}`}
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
          <Button onClick={onBook} disabled={live.state !== 'priced' || refreshing}>
            Book this
          </Button>
          {live.state !== 'priced' && (
            <Text size="sm" c="dimmed">
              {live.state === 'unreachable'
                ? 'Booking needs the service; ask again once it can be reached.'
                : 'Only a stay the service prices can be booked.'}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  )
}
