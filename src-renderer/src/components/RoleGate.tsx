import { useId } from 'react'
import { Text } from '@mantine/core'
import type { HubAction } from '@shared/domain/hub-roles'
import { useRoleRefusal } from '../ipc/hub-role'

/**
 * A control that starts a write the team hub checks by role: greyed out when the user's role may
 * not, with the reason beside it in words and as the control's accessible description (colour
 * alone tells nobody why). `control` goes on the button, `<RoleRefusalNote gate={…} />` beside it.
 */
export interface RoleGate {
  /** Why the role may not, or null when it may (or the profile is not a team profile). */
  refusal: string | null
  control: { disabled?: true; 'aria-describedby'?: string }
  noteId: string
}

export function useRoleGate(action: HubAction): RoleGate {
  const refusal = useRoleRefusal(action)
  const noteId = useId()
  return {
    refusal,
    control: refusal === null ? {} : { disabled: true, 'aria-describedby': noteId },
    noteId
  }
}

/** The reason a role-gated control is greyed out, where the eye and the description find it. */
export function RoleRefusalNote({ gate }: { gate: RoleGate }) {
  if (gate.refusal === null) return null
  return (
    <Text id={gate.noteId} size="sm" c="dimmed" data-testid="role-refusal">
      {gate.refusal}
    </Text>
  )
}
