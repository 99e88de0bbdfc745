import { Badge } from '@mantine/core'
import type { AlertKind } from '@shared/watch/alert.schema'
import { ALERT_KIND_WORDS } from '@shared/watch/alert-words'
import classes from '../../components/StatusBadge.module.css'

/** An alert's kind in words (the colour only repeats them), shown whole, never cut. */
export function AlertKindBadge({ kind }: { kind: AlertKind }) {
  return (
    <Badge
      variant="light"
      color={kind === 'double-booking' ? 'red' : 'orange'}
      classNames={{ root: classes.whole, label: classes.wholeLabel }}
      style={{ overflow: 'visible' }}
      data-testid="alert-kind"
    >
      {ALERT_KIND_WORDS[kind]}
    </Badge>
  )
}
