import { Table, Text } from '@mantine/core'
import type { PriceLine } from '@shared/domain/money-lines'
import { formatCents } from '../../components/text'

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
            <Table.Th scope="row" fw={l.total ? 700 : 400} style={{ overflowWrap: 'anywhere' }}>
              {l.label}
              {l.note && (
                <Text size="xs" c="dimmed">
                  {l.note}
                </Text>
              )}
            </Table.Th>
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
