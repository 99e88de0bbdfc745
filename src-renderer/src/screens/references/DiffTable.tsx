import { Badge, List, Table, Text } from '@mantine/core'
import type { ImportRow } from '@shared/ipc/references.schema'
import { CHANGE_COLOR, CHANGE_WORDS } from './reference-words'
import { fieldDiff } from './reference-rows'
import { MeasuredTable } from '../../components/VirtualTable'

const COLUMNS = [
  { key: 'line', label: 'Line', width: 60 },
  { key: 'listing', label: 'Listing', width: 230 },
  { key: 'values', label: 'Last sent → in the file' },
  { key: 'change', label: 'Change', width: 110 },
  { key: 'problems', label: 'Problems', width: 300 }
]

const FIELDS = [
  { field: 'reference', label: 'Reference' },
  { field: 'url', label: 'URL' },
  { field: 'status', label: 'Status' }
] as const

function ChangeBadge({ change }: { change: ImportRow['change'] }) {
  return (
    <Badge
      color={CHANGE_COLOR[change]}
      variant="light"
      style={{ overflow: 'visible' }}
      data-change={change}
    >
      {CHANGE_WORDS[change]}
    </Badge>
  )
}

/**
 * "Reference: ALBA-1 → ALBA-2", one line per field, the new value in bold when it changes what
 * the channel holds: the fields share one column, so a long URL has the room to read whole.
 */
function ValuesCell({ row }: { row: ImportRow }) {
  return (
    <Table.Td style={{ overflowWrap: 'anywhere' }}>
      {FIELDS.map(({ field, label }) => {
        const d = fieldDiff(row, field)
        return (
          <Text size="sm" key={field} data-field={field}>
            <Text span size="xs" fw={700} c="dimmed">
              {label}:{' '}
            </Text>
            <Text span size="sm" c="dimmed" data-part="from">
              {d.from}
            </Text>
            {' → '}
            <Text span size="sm" fw={d.changes ? 700 : 400} data-part="to">
              {d.to}
            </Text>
          </Text>
        )
      })}
    </Table.Td>
  )
}

/**
 * The dry run, row by row: the file's line, the listing, what this profile last set → what the
 * file gives for each field, the change in words, and every problem of the row.
 */
export function DiffTable({ rows }: { rows: readonly ImportRow[] }) {
  return (
    <MeasuredTable
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
          <ValuesCell row={r} />
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
