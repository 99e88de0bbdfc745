import { Badge, type BadgeProps } from '@mantine/core'
import type { ProfileKind } from '@shared/profile.schema'
import { KIND_COLOR } from '../app/theme'

const LABEL: Record<ProfileKind, string> = { demo: 'Demo', test: 'Test', production: 'Production' }

/** The profile kind, in the same colour everywhere: production is always red. */
export function KindBadge({ kind, variant, color, ...props }: { kind: ProfileKind } & BadgeProps) {
  return (
    <Badge
      color={color ?? KIND_COLOR[kind]}
      // An explicit variant (the header's white on production) wins; undefined is no choice.
      variant={variant ?? (kind === 'production' ? 'filled' : 'light')}
      data-kind={kind}
      {...props}
    >
      {LABEL[kind]}
    </Badge>
  )
}
