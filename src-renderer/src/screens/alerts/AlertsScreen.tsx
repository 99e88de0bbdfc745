import { Title } from '@mantine/core'

// Skeleton: the helper building this screen replaces it.
export function AlertsScreen() {
  return <Title order={2}>Alerts</Title>
}
