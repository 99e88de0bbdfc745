import { Title } from '@mantine/core'

export function CalendarScreen() {
  return <Title order={1}>Calendar</Title>
}
