import { Title } from '@mantine/core'

// Skeleton: the helper building this screen replaces it.
export function DowntimeScreen() {
  return <Title order={2}>Downtime</Title>
}
