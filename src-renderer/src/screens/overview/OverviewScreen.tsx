import { Title } from '@mantine/core'

// Skeleton: the helper building this screen replaces it.
export function OverviewScreen() {
  return <Title order={2}>Overview</Title>
}
