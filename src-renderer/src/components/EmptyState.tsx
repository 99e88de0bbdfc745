import { Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** An empty screen that says why it is empty and what to do about it. */
export function EmptyState({
  title,
  children,
  action,
  testId
}: {
  title: string
  children: ReactNode
  action?: ReactNode
  testId?: string
}) {
  return (
    <Paper withBorder p="xl" radius="md" data-testid={testId}>
      <Stack align="center" gap="xs" ta="center">
        <Title order={3}>{title}</Title>
        <Text c="dimmed" maw={480}>
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  )
}
