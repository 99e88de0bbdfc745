import type { ReactNode } from 'react'
import { Button, CopyButton, Group } from '@mantine/core'

/**
 * A value with a copy button beside it (an e-mail address, a phone number, a payment link): the
 * button's name says what it copies, and says "Copied" once it has.
 */
export function CopyValue({
  value,
  what,
  children
}: {
  value: string
  /** "e-mail address", "phone number", "payment link". */
  what: string
  children: ReactNode
}) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
      <div style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>{children}</div>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            size="compact-xs"
            variant="default"
            onClick={copy}
            aria-label={copied ? `Copied the ${what}` : `Copy the ${what}`}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  )
}
