import { useState } from 'react'
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { SETTLE_NOTE_MAX, SettleInput, type JournalEntry } from '@shared/ipc/journal.schema'
import { showOnField } from '../../components/form-errors'
import { useRoleRefusal } from '../../ipc/hub-role'
import { charCount } from './form-schemas'
import { labelledResolver } from './form-labels'
import { ProblemAlert } from './ProblemAlert'
import { useSettleWrite } from './queries'

interface Values {
  result: '' | 'done' | 'not-done'
  note: string
}

const resolve = labelledResolver(SettleInput.pick({ result: true, note: true }), {
  result: 'What you found',
  note: 'Note'
})

/**
 * "Mark settled…": the agent found out what became of a write whose outcome was unknown and
 * records it with a note. Nothing is sent to the service: the journal keeps it, with who and when.
 */
export function SettleWriteButton({
  journalId,
  what,
  onSettled,
  size = 'xs'
}: {
  journalId: string
  size?: 'xs' | 'sm'
  /** What the write was, for the dialog's title: "the cancellation sent at 14:02". */
  what: string
  onSettled?: (entry: JournalEntry) => void
}) {
  const [open, setOpen] = useState(false)
  // On a team profile a viewer may not settle: greyed out with the reason, as the hub refuses.
  const mayNot = useRoleRefusal('journal:settle')
  return (
    <>
      <Button
        size={size}
        variant="default"
        onClick={() => setOpen(true)}
        disabled={mayNot !== null}
      >
        Mark settled…
      </Button>
      {mayNot && (
        <Text size="xs" c="dimmed" data-testid="role-refusal">
          {mayNot}
        </Text>
      )}
      {open && (
        <SettleModal
          journalId={journalId}
          what={what}
          onClose={() => setOpen(false)}
          onSettled={(entry) => {
            setOpen(false)
            onSettled?.(entry)
          }}
        />
      )}
    </>
  )
}

function SettleModal({
  journalId,
  what,
  onClose,
  onSettled
}: {
  journalId: string
  what: string
  onClose: () => void
  onSettled: (entry: JournalEntry) => void
}) {
  const settle = useSettleWrite()
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { result: '', note: '' },
    validate: (v) => {
      const errors = resolve(v)
      if (!v.result) errors.result = 'Choose what you found'
      return errors
    }
  })
  const failure = settle.outcome?.error
  const send = (v: Values) => {
    if (settle.isPending || !v.result) return
    settle.mutate(
      { id: journalId, result: v.result, note: v.note },
      {
        onSuccess: onSettled,
        onError: (err) => void showOnField(form, err, { fields: ['note', 'result'] })
      }
    )
  }
  return (
    <Modal opened onClose={onClose} title="Settle by hand" size="lg">
      <form onSubmit={form.onSubmit(send)} noValidate aria-label="Settle by hand">
        <Stack>
          <Text size="sm">
            Record what became of {what}, once you know (the booking read again later, the guest or
            the property manager). Nothing is sent to the service; the journal keeps your note with
            your name and the time.
          </Text>
          <Radio.Group label="What you found" required {...form.getInputProps('result')}>
            <Group mt={6}>
              <Radio value="done" label="It was carried out" />
              <Radio value="not-done" label="It was not carried out" />
            </Group>
          </Radio.Group>
          <Textarea
            label="Note"
            description={`How you found out. ${charCount(form.values.note, SETTLE_NOTE_MAX)}`}
            required
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('note')}
          />
          {failure && !form.errors.note && <ProblemAlert context="Not recorded" error={failure} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={settle.isPending}>
              Back
            </Button>
            <Button type="submit" loading={settle.isPending}>
              Record settlement
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
