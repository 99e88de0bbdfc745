import { Title } from '@mantine/core'

export function AvailabilityScreen() {
  return <Title order={1}>Availability</Title>
}
