import { useState } from 'react'
import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core'
import type { ApplyReferencesResult } from '@shared/ipc/references.schema'
import { savedText } from '../../components/text'
import { notifyError } from '../../components/notify'
import { useSaveUndo } from './queries'
import {
  OUTCOME_COLOR,
  OUTCOME_WORDS,
  resultAdvice,
  resultSummary,
  undoNote,
  type RowOutcome
} from './reference-words'
import { outcomeCounts } from './reference-rows'
import { MeasuredTable } from '../../components/VirtualTable'

/** An apply as the screen keeps it: the result, and the names of its listings for the table. */
export interface KeptApply {
  result: ApplyReferencesResult
  names: [number, string | null][]
  /** Where the undo file went, once saved. */
  undoSavedTo: string | null
}

const COLUMNS = [
  { key: 'listing', label: 'Listing', width: 280 },
  { key: 'outcome', label: 'Outcome', width: 120 },
  { key: 'batch', label: 'Batch', width: 80 },
  { key: 'message', label: 'Message' }
]

function OutcomeBadge({ outcome }: { outcome: RowOutcome }) {
  return (
    <Badge
      color={OUTCOME_COLOR[outcome]}
      variant="light"
      style={{ overflow: 'visible' }}
      data-outcome={outcome}
    >
      {OUTCOME_WORDS[outcome]}
    </Badge>
  )
}

/**
 * What came of an apply: a summary, what to do about rows that did not go through, the undo
 * file (the previous values, to import again), and every row's outcome with its batch.
 */
export function ApplyResults({
  kept,
  onUndoSaved
}: {
  kept: KeptApply
  onUndoSaved: (file: string) => void
}) {
  const { result } = kept
  const names = new Map(kept.names)
  const counts = outcomeCounts(result)
  const allDone = counts.done === result.results.length
  const advice = resultAdvice(result)
  const save = useSaveUndo()
  const [cancelled, setCancelled] = useState(false)

  const saveUndo = () => {
    setCancelled(false)
    save.mutate(
      { csv: result.undo.csv },
      {
        onSuccess: (saved) => (saved.file ? onUndoSaved(saved.file) : setCancelled(true)),
        onError: (e) => notifyError('Save undo file', e)
      }
    )
  }
  const saved = kept.undoSavedTo
    ? savedText({ file: kept.undoSavedTo, rows: result.undo.rows }, 'row')
    : null

  return (
    <Stack gap="sm" data-testid="apply-results">
      <Title order={3}>Results of the last apply</Title>
      <Alert
        color={allDone ? 'teal' : counts.done > 0 ? 'yellow' : 'red'}
        variant="light"
        title={
          allDone ? 'Done: the service accepted every reference' : 'Not every row went through'
        }
        role="status"
        data-testid="apply-summary"
      >
        <Text size="sm">{resultSummary(result)}</Text>
        {advice && (
          <Text size="sm" mt={4}>
            {advice}
          </Text>
        )}
      </Alert>

      <Group justify="space-between" align="center" wrap="nowrap" data-testid="undo-file">
        <Text size="sm" style={{ flex: 1 }}>
          {undoNote(result.undo)}
        </Text>
        {result.undo.rows > 0 && (
          <Button
            variant="default"
            onClick={saveUndo}
            loading={save.isPending}
            style={{ flexShrink: 0 }}
          >
            Save undo file ({result.undo.rows} {result.undo.rows === 1 ? 'row' : 'rows'})
          </Button>
        )}
      </Group>
      {saved && (
        <Text size="sm" role="status" data-testid="undo-saved">
          {saved}. Import it here to put those values back.
        </Text>
      )}
      {cancelled && !saved && (
        <Text size="sm" c="dimmed" role="status">
          The undo file was not saved.
        </Text>
      )}

      <MeasuredTable
        rows={result.results}
        columns={COLUMNS}
        label="Result per listing"
        testId="results-table"
        estimateSize={44}
        maxHeight={420}
        rowKey={(r) => String(r.listingId)}
        rowProps={(r) => ({
          'data-testid': 'result-row',
          'data-listing-id': r.listingId,
          'data-outcome': r.outcome
        })}
        renderCells={(r) => (
          <>
            <Table.Td>
              <Text size="sm">{names.get(r.listingId) ?? `Listing ${r.listingId}`}</Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {r.listingId}
              </Text>
            </Table.Td>
            <Table.Td>
              <OutcomeBadge outcome={r.outcome} />
            </Table.Td>
            <Table.Td>
              {r.batch} of {result.batches}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {r.message ?? (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
          </>
        )}
      />
    </Stack>
  )
}
