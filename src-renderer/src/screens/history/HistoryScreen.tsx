import { Title } from '@mantine/core'

export function HistoryScreen() {
  return <Title order={1}>History</Title>
}
