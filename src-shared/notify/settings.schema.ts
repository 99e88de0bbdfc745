import { z } from 'zod'

/**
 * The kinds of desktop notification (issue 23), each off until the person switches it on:
 * - payment-deadline: a kept booking awaiting payment (pendingPayment) whose payment period
 *   (expiresAt) ends within the hour.
 * - on-request-decision: a kept booking awaiting the manager's decision (pendingConfirm) whose
 *   24 hours to confirm end within the hour.
 * - double-booking: the watch found a kept booking's night bookable again.
 * - guardrail: the watch found a rate guardrail crossed.
 */
export const NotifyKind = z.enum([
  'payment-deadline',
  'on-request-decision',
  'double-booking',
  'guardrail'
])
export type NotifyKind = z.infer<typeof NotifyKind>

/** Which kinds are on; every kind is a key. */
export const NotifyKinds = z
  .object({
    'payment-deadline': z.boolean(),
    'on-request-decision': z.boolean(),
    'double-booking': z.boolean(),
    guardrail: z.boolean()
  })
  .strict()
export type NotifyKinds = z.infer<typeof NotifyKinds>

/** Every kind off: nothing pops up on a desktop until someone asks for it. */
export const DEFAULT_NOTIFY_KINDS: NotifyKinds = {
  'payment-deadline': false,
  'on-request-decision': false,
  'double-booking': false,
  guardrail: false
}

/** The words the Settings screen shows for each kind (label, then one sentence of help). */
export const NOTIFY_KIND_TEXT: Record<NotifyKind, { label: string; description: string }> = {
  'payment-deadline': {
    label: 'Payment deadline within an hour',
    description: 'A kept booking awaiting payment whose payment period ends within the next hour.'
  },
  'on-request-decision': {
    label: 'On-request booking: decision due',
    description:
      'A kept on-request booking awaiting confirmation whose 24 hours to decide end within the next hour.'
  },
  'double-booking': {
    label: 'Double-booking warning',
    description: "A kept booking's night is bookable again after a sync."
  },
  guardrail: {
    label: 'Rate guardrail hit',
    description:
      'A sync found a price drop, a price under the floor, a night with no rate or a minimum stay jump.'
  }
}

/** The notification settings as the Settings screen reads them. */
export const NotifySettings = z.object({
  kinds: NotifyKinds,
  /**
   * Where they apply: 'app', every profile on this computer (notifications belong to the
   * desktop they pop up on; each names its profile).
   */
  scope: z.literal('app'),
  /** False where the system shows no notifications (Electron's Notification.isSupported()). */
  supported: z.boolean()
})
export type NotifySettings = z.infer<typeof NotifySettings>
