import { z } from 'zod'
import type { Result } from '../errors'
import type { CommandName } from './channels'

/**
 * The one IPC contract: every command with its input and output schema. Main validates each
 * input with these schemas before a handler runs; the renderer gets typed results.
 */
export const AppInfo = z.object({
  version: z.string(),
  profile: z.object({ name: z.string(), kind: z.enum(['demo', 'test', 'production']) }),
  service: z.object({ baseUrl: z.string(), listings: z.number().int().nonnegative() })
})
export type AppInfo = z.infer<typeof AppInfo>

export const commands = {
  'app:info': { input: z.object({}).strict(), output: AppInfo }
} as const satisfies Record<CommandName, { input: z.ZodType; output: z.ZodType }>

export type Commands = typeof commands
export type CommandInput<C extends CommandName> = z.input<Commands[C]['input']>
export type CommandOutput<C extends CommandName> = z.output<Commands[C]['output']>

/** What the preload exposes as `window.staydesk`: one function per command, nothing else. */
export type DesktopApi = {
  [C in CommandName]: (input: CommandInput<C>) => Promise<Result<CommandOutput<C>>>
}
