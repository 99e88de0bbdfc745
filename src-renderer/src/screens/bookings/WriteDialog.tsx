import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import type { ProfileKind } from '@shared/profile.schema'
import {
  ProductionConfirm,
  confirmationReady,
  useProfileKind
} from '../../components/ProductionConfirm'
import { ProblemAlert } from './ProblemAlert'

/**
 * What every booking write (cancel, pay) holds between the click and the answer: the profile's
 * kind and the typed production confirmation, and the guard that sends one request per click
 * (a second click before React re-rendered the disabled button must not send a second one).
 */
export interface WriteGuard {
  kind: ProfileKind | undefined
  confirmation: string
  setConfirmation: (value: string) => void
  /** The production confirmation is typed right (always, on other profiles). */
  confirmed: boolean
  /** Claims the one send; false when one is already out. Call `settled` when it comes back. */
  claim: () => boolean
  settled: () => void
  /** The confirmation as the command takes it: only on production. */
  confirmationInput: () => { confirmation?: string }
}

export function useWriteGuard(bookingId: string): WriteGuard {
  const kind = useProfileKind()
  const [confirmation, setConfirmation] = useState('')
  const sending = useRef(false)
  return {
    kind,
    confirmation,
    setConfirmation,
    confirmed: confirmationReady(kind, bookingId, confirmation),
    claim: () => {
      if (sending.current) return false
      sending.current = true
      return true
    },
    settled: () => {
      sending.current = false
    },
    confirmationInput: () => (kind === 'production' ? { confirmation: confirmation.trim() } : {})
  }
}

/**
 * The dialog of a booking write: while the request is out it stays (its answer must be seen)
 * and says that the request is sent once; the form's fields, then the production confirmation,
 * what else the write needs said (`notice`), the problem of the last try, and the buttons; once
 * the write is done, its outcome and Close. Mounted per opening by its caller, so each opening
 * starts afresh: no earlier text, card, confirmation or outcome.
 */
export function WriteDialog({
  bookingId,
  title,
  size,
  guard,
  pending,
  outcome,
  showForm,
  formLabel,
  onSubmit,
  failure,
  failureContext,
  notice,
  cancelLabel,
  submitLabel,
  submitColor,
  ready,
  sendingText,
  sendingTestId,
  onClose,
  children
}: {
  bookingId: string
  title: string
  size: 'lg' | 'xl'
  guard: WriteGuard
  pending: boolean
  /** What the write did, once known (shown above the form while the form stays). */
  outcome: ReactNode
  /** The form shows (no outcome yet, or one that leaves the write to try again). */
  showForm: boolean
  formLabel: string
  onSubmit: (e: FormEvent<HTMLFormElement>) => void
  failure: unknown
  /** "Not cancelled", "Not paid": the problem's title starts with it. */
  failureContext: string
  notice?: ReactNode
  cancelLabel: string
  submitLabel: string
  submitColor?: string
  /** The write may be sent: its own checks and the production confirmation. */
  ready: boolean
  sendingText: string
  sendingTestId: string
  onClose: () => void
  children: ReactNode
}) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size={size}
      closeOnEscape={!pending}
      closeOnClickOutside={!pending}
      withCloseButton={!pending}
    >
      <Stack>
        {outcome}
        {showForm ? (
          <form onSubmit={onSubmit} noValidate aria-label={formLabel}>
            <Stack>
              {children}
              <ProductionConfirm
                expected={bookingId}
                what="the booking id"
                value={guard.confirmation}
                onChange={guard.setConfirmation}
              />
              {notice}
              {failure ? <ProblemAlert context={failureContext} error={failure} /> : null}
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose} disabled={pending}>
                  {cancelLabel}
                </Button>
                <Button type="submit" color={submitColor} loading={pending} disabled={!ready}>
                  {pending ? 'Sending…' : submitLabel}
                </Button>
              </Group>
              {pending && (
                <Text size="sm" role="status" data-testid={sendingTestId}>
                  {sendingText}
                </Text>
              )}
            </Stack>
          </form>
        ) : (
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Close
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  )
}
