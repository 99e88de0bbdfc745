import { Alert } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * The same outcome of a write looks the same on every screen that writes (cancel, pay,
 * references): its colour and role here, its title in words beside the colour. Done is a
 * status; a refusal, a decline and an unknown outcome are alerts, since the person must act.
 */
const LOOK = {
  done: { color: 'teal', role: 'status' },
  paid: { color: 'teal', role: 'status' },
  declined: { color: 'orange', role: 'alert' },
  refused: { color: 'orange', role: 'alert' },
  unknown: { color: 'yellow', role: 'alert' }
} as const

export type ShownOutcome = keyof typeof LOOK

export function OutcomeAlert({
  outcome,
  title,
  testId,
  children
}: {
  outcome: ShownOutcome
  title: string
  testId: string
  children: ReactNode
}) {
  const look = LOOK[outcome]
  return (
    <Alert
      color={look.color}
      variant="light"
      title={title}
      role={look.role}
      data-testid={testId}
      data-outcome={outcome}
    >
      {children}
    </Alert>
  )
}
