import { Group, Pagination } from '@mantine/core'

/**
 * The page buttons under a long list (History, Journal, Recent bookings), at its right; nothing
 * while the list fits one page. A page past the end (the list shrank) shows as the last one.
 */
export function ListPages({
  total,
  pageSize,
  page,
  onChange,
  label
}: {
  /** How many rows the whole list has. */
  total: number
  pageSize: number
  page: number
  onChange: (page: number) => void
  /** The navigation's name: "History pages". */
  label: string
}) {
  const pages = Math.ceil(total / pageSize)
  if (pages < 2) return null
  return (
    <Group justify="flex-end">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        aria-label={label}
      />
    </Group>
  )
}
