import { Alert, Button, Group, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { describeError, headline } from '../../ipc/errors'

/**
 * A failed read or write, said where it happened. A service outage is not an error of StayDesk:
 * it shows in yellow as what it is ("The service can't be reached"), as a status, not an alarm;
 * StayDesk's own failures and refusals of the input show in red.
 */
export function ProblemAlert({
  error,
  context,
  onRetry,
  retryLabel = 'Try again',
  children
}: {
  error: unknown
  /** What was being done, e.g. "Opening booking SB00012345". */
  context?: string
  onRetry?: () => void
  retryLabel?: string
  children?: ReactNode
}) {
  const d = describeError(error)
  return (
    <Alert
      color={d.outage ? 'yellow' : 'red'}
      variant="light"
      title={headline(d, context)}
      role={d.outage ? 'status' : 'alert'}
      data-testid="booking-problem"
      data-code={d.code}
    >
      <Text size="sm">{d.message}</Text>
      <Text size="sm" mt={4} fw={500}>
        {d.action}
      </Text>
      {children}
      {onRetry && (
        <Group mt="sm">
          <Button size="xs" variant="default" onClick={onRetry}>
            {retryLabel}
          </Button>
        </Group>
      )}
    </Alert>
  )
}
