import { Title } from '@mantine/core'

/** Being built (issue 9). */
export function BookingsScreen() {
  return <Title order={1}>Bookings</Title>
}
