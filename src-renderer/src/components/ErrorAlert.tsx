import { Alert, Button, Group, Text } from '@mantine/core'
import { describeError } from '../ipc/errors'

/** An error inline on the screen where it happened, with what to do next and a retry. */
export function ErrorAlert({
  error,
  onRetry,
  title
}: {
  error: unknown
  onRetry?: () => void
  title?: string
}) {
  const d = describeError(error)
  return (
    <Alert color="red" variant="light" title={title ?? d.title} role="alert">
      <Text size="sm">{d.message}</Text>
      <Text size="sm" mt={4} fw={500}>
        {d.action}
      </Text>
      {onRetry && (
        <Group mt="sm">
          <Button size="xs" variant="default" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      )}
    </Alert>
  )
}
