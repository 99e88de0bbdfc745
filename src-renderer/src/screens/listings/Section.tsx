import type { ReactNode } from 'react'
import { DataList, Paper, Stack, Text, Title } from '@mantine/core'

/**
 * The listing page's building blocks: a titled section, and label/value pairs as a description
 * list (dt/dd, so a screen reader reads each value with its label).
 */
export function Section({
  title,
  children,
  testId,
  aside
}: {
  title: string
  children: ReactNode
  testId?: string
  /** A short note beside the title (where the values come from). */
  aside?: ReactNode
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={id}
      data-testid={testId}
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id={id}>
            {title}
          </Title>
          {aside && (
            <Text size="sm" c="dimmed">
              {aside}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  )
}

export interface Field {
  label: string
  /** Nothing published: the value reads "Not published" rather than leaving a gap. */
  value: ReactNode | null | undefined
  testId?: string
}

export function Fields({
  fields,
  labelWidth = 170,
  testId
}: {
  fields: Field[]
  labelWidth?: number
  testId?: string
}) {
  return (
    <DataList labelWidth={labelWidth} gap={6} data-testid={testId}>
      {fields.map((f) => (
        <DataList.Item key={f.label} data-testid={f.testId}>
          <DataList.ItemLabel c="dimmed">{f.label}</DataList.ItemLabel>
          <DataList.ItemValue>
            {f.value === null || f.value === undefined || f.value === '' ? (
              <Text span size="sm" c="dimmed">
                Not published
              </Text>
            ) : (
              f.value
            )}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  )
}

/** A list of published words ("Dishwasher, Oven"), or that there are none. */
export function wordsOf(list: readonly string[] | undefined): string | null {
  const words = (list ?? []).map((w) => w.trim()).filter(Boolean)
  return words.length ? words.join(', ') : null
}
