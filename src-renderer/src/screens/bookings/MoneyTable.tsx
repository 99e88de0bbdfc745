import { Table, Text } from '@mantine/core'
import type { PriceLine } from '@shared/domain/money-lines'
import { formatCents } from '../../components/text'

/** A money line's name, bold for a total, with its note under it. */
export function LineHeader({
  label,
  note,
  strong
}: {
  label: string
  note?: string | null
  strong?: boolean
}) {
  return (
    <Table.Th scope="row" fw={strong ? 700 : 400} style={{ overflowWrap: 'anywhere' }}>
      {label}
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Table.Th>
  )
}

/**
 * A price, line by line, as the shared rule gives it (src-shared/domain/money-lines.ts): each row
 * carries its signed cents in data-cents, so a test can add up what the page shows.
 */
export function MoneyTable({ lines, label }: { lines: readonly PriceLine[]; label: string }) {
  return (
    <Table verticalSpacing={3} horizontalSpacing="xs" aria-label={label} data-testid="price-lines">
      <Table.Tbody>
        {lines.map((l) => (
          <Table.Tr key={l.key} data-line={l.key} data-aside={l.aside ? 'true' : undefined}>
            <LineHeader label={l.label} note={l.note} strong={l.total} />
            <Table.Td
              ta="right"
              fw={l.total ? 700 : 400}
              c={l.aside ? 'dimmed' : undefined}
              style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              data-cents={l.minus ? -l.cents : l.cents}
            >
              {l.minus ? `−${formatCents(l.cents)}` : formatCents(l.cents)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
