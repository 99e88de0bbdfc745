import { Alert, Code, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ProfileKind } from '@shared/profile.schema'
import { appInfoQuery } from '../app/queries'

/** The active profile's kind: writes on production ask for a typed confirmation. */
export function useProfileKind(): ProfileKind | undefined {
  return useQuery(appInfoQuery).data?.profile.kind
}

/**
 * Whether a write may be sent: always on test and demo profiles; on production only once the
 * person typed exactly what the dialog asks for (main checks the same text again).
 */
export function confirmationReady(
  kind: ProfileKind | undefined,
  expected: string,
  typed: string
): boolean {
  return kind !== 'production' || typed.trim() === expected
}

/**
 * On a production profile: "this changes live data", and a field where the agent types the
 * booking id (or what `what` names) to confirm. Renders nothing on other profiles.
 */
export function ProductionConfirm({
  expected,
  what,
  value,
  onChange
}: {
  expected: string
  /** What to type, in words: "the booking id", "the listing id", "the number of changes". */
  what: string
  value: string
  onChange: (value: string) => void
}) {
  const kind = useProfileKind()
  if (kind !== 'production') return null
  return (
    <Alert color="red" variant="light" title="This changes live data on a production profile">
      <TextInput
        label={`Type ${what} to confirm`}
        description={
          <>
            Type <Code>{expected}</Code> exactly.
          </>
        }
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        autoComplete="off"
        spellCheck={false}
        data-testid="production-confirmation"
        error={
          value.trim() !== '' && value.trim() !== expected ? `That is not ${expected}` : undefined
        }
      />
    </Alert>
  )
}
