import { z } from 'zod'
import { NotifyKind, NotifySettings } from '../../notify/settings.schema'
import { none, type ContractSlice } from './common'

/** Desktop notifications (issue 23): which kinds pop up, app-wide, every kind off by default. */
export const notifyCommands = {
  'notify:settings': { input: none, output: NotifySettings },
  /** Switches one kind on or off; answers the settings as they now are. */
  'notify:set': {
    input: z.object({ kind: NotifyKind, enabled: z.boolean() }).strict(),
    output: NotifySettings
  }
} as const satisfies ContractSlice<'notify'>
