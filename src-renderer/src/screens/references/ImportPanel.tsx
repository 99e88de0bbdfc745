import { useRef, useState } from 'react'
import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  SegmentedControl,
  Skeleton,
  Stack,
  Text
} from '@mantine/core'
import { RoleRefusalNote, useRoleGate } from '../../components/RoleGate'
import { useQuery } from '@tanstack/react-query'
import { useScreenState } from '../../app/screen-state'
import { ErrorAlert } from '../../components/ErrorAlert'
import {
  ProductionConfirm,
  confirmationReady,
  useProfileKind
} from '../../components/ProductionConfirm'
import { ApplyResults, type KeptApply } from './ApplyResults'
import { DiffTable } from './DiffTable'
import { previewQuery, useApplyReferences } from './queries'
import { applyLabel, countsText, DIFF_FILTER_CHOICES } from './reference-words'
import { filterRows, rowsToApply, type DiffFilter } from './reference-rows'
import { WriteFailureView } from './SetOutcomeView'

/** What main takes in one preview (references:preview refuses more). */
const MAX_BYTES = 5_000_000

interface LoadedFile {
  id: number
  file: File
  csv: string
}

let loads = 0

/**
 * The bulk editor: a references file is read here (its text, never a path), checked by main
 * against the portfolio and the kept values (a dry run, nothing sent), shown as a diff, and its
 * valid new and changed rows applied in batches, one request each, with per-row results and an
 * undo file. What was loaded and the last results survive leaving the screen.
 */
export function ImportPanel() {
  const kind = useProfileKind()
  const [loaded, setLoaded] = useScreenState<LoadedFile | null>('references.file', null)
  const [filter, setFilter] = useScreenState<DiffFilter>('references.filter', 'all')
  const [applied, setApplied] = useScreenState<KeptApply | null>('references.applied', null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [confirmation, setConfirmation] = useState('')
  const apply = useApplyReferences()
  // A second click before React re-rendered the disabled button must not send a second run.
  const sending = useRef(false)

  const preview = useQuery({
    ...previewQuery(loaded ?? { id: 0, csv: '' }),
    enabled: loaded !== null
  })
  const rows = preview.data?.rows ?? []
  const toApply = rowsToApply(rows)
  // A team profile whose role may not set references sees why beside the greyed-out button.
  const gate = useRoleGate('references:set')
  const ready =
    confirmationReady(kind, String(toApply.length), confirmation) && gate.refusal === null
  const shown = filterRows(rows, filter)

  const choose = async (file: File | null) => {
    setFileError(null)
    apply.reset()
    setConfirmation('')
    if (!file) return setLoaded(null)
    if (file.size > MAX_BYTES) {
      setLoaded(null)
      return setFileError('The file is too large (over 5 MB): split it into smaller files.')
    }
    try {
      setLoaded({ id: ++loads, file, csv: await file.text() })
      setFilter('all')
    } catch {
      setLoaded(null)
      setFileError('The file could not be read. Choose it again, or save it as CSV first.')
    }
  }

  const send = () => {
    if (sending.current || !ready || toApply.length === 0) return
    sending.current = true
    const names = rows.flatMap((r): [number, string | null][] =>
      r.listingId === null ? [] : [[r.listingId, r.listingName]]
    )
    apply.mutate(
      {
        rows: toApply,
        ...(kind === 'production' ? { confirmation: confirmation.trim() } : {})
      },
      {
        onSuccess: (result) => {
          setApplied({ result, names, undoSavedTo: null })
          setConfirmation('')
        },
        onSettled: () => {
          sending.current = false
        }
      }
    )
  }

  return (
    <Stack gap="md">
      <FileInput
        label="References file"
        description="A CSV file with the columns listingId and reference, and optionally url and status (any order). Checked first: nothing is sent until you apply."
        placeholder="Choose a .csv file"
        accept=".csv,text/csv"
        value={loaded?.file ?? null}
        onChange={(f) => void choose(f)}
        clearable
        clearButtonProps={{ 'aria-label': 'Remove the file' }}
        error={fileError}
        maw={520}
      />

      {preview.isError && (
        <ErrorAlert
          title="The file could not be checked"
          error={preview.error}
          onRetry={() => void preview.refetch()}
        />
      )}
      {loaded && preview.isPending && <Skeleton height={120} />}

      {preview.data && (
        <Stack gap="sm">
          {preview.data.fileProblems.length > 0 && (
            <Alert
              color="red"
              variant="light"
              title="Problems with the file"
              role="alert"
              data-testid="file-problems"
            >
              <List size="sm" spacing={2}>
                {preview.data.fileProblems.map((p, i) => (
                  <List.Item key={i}>{p}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {rows.length > 0 && (
            <>
              <Group justify="space-between" align="center">
                <Text size="sm" fw={500} data-testid="diff-counts" aria-live="polite">
                  Dry run of {loaded?.file.name}: {countsText(preview.data.counts)}
                </Text>
                <Group gap="xs">
                  <Text size="sm" id="diff-filter-label">
                    Show
                  </Text>
                  <SegmentedControl
                    aria-labelledby="diff-filter-label"
                    data={DIFF_FILTER_CHOICES}
                    value={filter}
                    onChange={(v) => setFilter(v as DiffFilter)}
                    size="xs"
                  />
                </Group>
              </Group>
              {shown.length > 0 ? (
                <DiffTable rows={shown} />
              ) : (
                <Text size="sm" c="dimmed" data-testid="diff-none-shown">
                  {filter === 'invalid' ? 'No row has a problem.' : 'No row changes anything.'}
                </Text>
              )}
              <ProductionConfirm
                expected={String(toApply.length)}
                what="the number of changes"
                value={confirmation}
                onChange={setConfirmation}
              />
              <Group gap="sm" align="center">
                <Button
                  onClick={send}
                  loading={apply.isPending}
                  disabled={toApply.length === 0 || !ready}
                  {...gate.control}
                >
                  {applyLabel(toApply.length)}
                </Button>
                <RoleRefusalNote gate={gate} />
                <Text size="sm" c="dimmed">
                  {preview.data.counts.invalid > 0 ? 'Invalid rows are left out. ' : ''}
                  Rows marked Same are not sent.
                </Text>
              </Group>
              {apply.isPending && (
                <Text size="sm" role="status" data-testid="apply-sending">
                  Sending {toApply.length} references in batches… Each batch is sent once; wait for
                  the answers.
                </Text>
              )}
            </>
          )}
        </Stack>
      )}

      {apply.isError && <WriteFailureView error={apply.error} />}
      {applied && (
        <ApplyResults
          kept={applied}
          onUndoSaved={(file) => setApplied((a) => (a ? { ...a, undoSavedTo: file } : a))}
        />
      )}
    </Stack>
  )
}
