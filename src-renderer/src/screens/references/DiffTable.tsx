import { Badge, List, Table, Text } from '@mantine/core'
import type { ImportRow } from '@shared/ipc/pm.schema'
import { CHANGE_COLOR, CHANGE_WORDS, fieldDiff } from './reference-words'
import { VirtualTable } from './VirtualTable'

const COLUMNS = [
  { key: 'line', label: 'Line', width: 60 },
  { key: 'listing', label: 'Listing', width: 220 },
  { key: 'reference', label: 'Reference' },
  { key: 'url', label: 'URL' },
  { key: 'status', label: 'Status', width: 150 },
  { key: 'change', label: 'Change', width: 100 },
  { key: 'problems', label: 'Problems', width: 280 }
]

export function ChangeBadge({ change }: { change: ImportRow['change'] }) {
  return (
    <Badge
      color={CHANGE_COLOR[change]}
      variant={change === 'invalid' ? 'outline' : 'light'}
      style={{ overflow: 'visible' }}
      data-change={change}
    >
      {CHANGE_WORDS[change]}
    </Badge>
  )
}

/** "ALBA-1 → ALBA-2", the new value in bold when it changes what the channel holds. */
function DiffCell({ row, field }: { row: ImportRow; field: 'reference' | 'url' | 'status' }) {
  const d = fieldDiff(row, field)
  return (
    <Table.Td data-field={field} style={{ overflowWrap: 'anywhere' }} maw={260}>
      <Text size="sm" c="dimmed" component="span">
        {d.from}
      </Text>
      <Text size="sm" component="span">
        {' → '}
      </Text>
      <Text size="sm" component="span" fw={d.changes ? 700 : 400}>
        {d.to}
      </Text>
    </Table.Td>
  )
}

/**
 * The dry run, row by row: the file's line, the listing, what this profile last set → what the
 * file gives for each field, the change in words, and every problem of the row.
 */
export function DiffTable({ rows }: { rows: readonly ImportRow[] }) {
  return (
    <VirtualTable
      rows={rows}
      columns={COLUMNS}
      label="Rows of the file"
      testId="diff-table"
      rowKey={(r) => String(r.line)}
      rowProps={(r) => ({
        'data-testid': 'diff-row',
        'data-line': r.line,
        'data-change': r.change,
        'data-listing-id': r.listingId ?? undefined
      })}
      renderCells={(r) => (
        <>
          <Table.Td ff="monospace">{r.line}</Table.Td>
          <Table.Td>
            <Text size="sm" ff="monospace">
              {r.listingId ?? '—'}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {r.listingName ?? (r.listingId === null ? 'No listing id' : 'Not in the portfolio')}
            </Text>
          </Table.Td>
          <DiffCell row={r} field="reference" />
          <DiffCell row={r} field="url" />
          <DiffCell row={r} field="status" />
          <Table.Td>
            <ChangeBadge change={r.change} />
          </Table.Td>
          <Table.Td data-field="problems">
            {r.problems.length === 0 ? (
              <Text size="sm" c="dimmed">
                None
              </Text>
            ) : (
              <List size="sm" spacing={2} data-testid="row-problems">
                {r.problems.map((p, i) => (
                  <List.Item key={i}>{p}</List.Item>
                ))}
              </List>
            )}
          </Table.Td>
        </>
      )}
    />
  )
}
