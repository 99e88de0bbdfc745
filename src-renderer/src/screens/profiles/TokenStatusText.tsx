import { Anchor, Badge, Group, Stack, Text } from '@mantine/core'
import { HELP_PAGES } from '@shared/help-pages'
import type { TokenStatus } from '@shared/profile.schema'

const STORAGE_LABEL: Record<TokenStatus['storage'], { text: string; color: string }> = {
  'os-encrypted': { text: 'Encrypted by the OS key store', color: 'teal' },
  'weak-encrypted': { text: 'Weak encryption', color: 'orange' },
  session: { text: 'This session only', color: 'yellow' },
  none: { text: 'Not stored', color: 'gray' }
}

/** What the user may know about a token: never the token, only "set, ends in …1234". */
export function tokenSummary(t: TokenStatus): string {
  const tail = t.last4 ? `, ends in …${t.last4}` : ''
  switch (t.state) {
    case 'set':
      // Nothing stored: the built-in token of the demo service, whose tail means nothing.
      return t.storage === 'none' ? 'Built-in demo token' : `Token set${tail}`
    case 'session-only':
      return `Token set for this session only${tail}`
    case 'needs-reentry':
      return 'Token must be entered again'
    case 'missing':
      return 'No token set'
  }
}

export function TokenStatusText({ token }: { token: TokenStatus }) {
  const storage = STORAGE_LABEL[token.storage]
  return (
    <Stack gap={2} data-testid="token-status" data-token-state={token.state}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {tokenSummary(token)}
        </Text>
        {(token.state === 'set' || token.state === 'session-only') && (
          <Badge size="sm" variant="light" color={storage.color} data-testid="token-storage">
            {storage.text}
            {token.backend ? ` (${token.backend})` : ''}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {token.explanation}{' '}
        {(token.storage === 'session' ||
          token.storage === 'weak-encrypted' ||
          token.state === 'needs-reentry') && (
          // Opens in the system browser: main lets the reviewed help pages through at once.
          <Anchor href={HELP_PAGES.tokenStorage} target="_blank" rel="noreferrer" size="xs">
            How tokens are kept safe (opens in your browser)
          </Anchor>
        )}
      </Text>
    </Stack>
  )
}
