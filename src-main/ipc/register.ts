import { COMMANDS, type CommandName } from '@shared/ipc/channels'
import { commands, type CommandOutput } from '@shared/ipc/contract'
import { fail, ok, type Result } from '@shared/errors'
import type { z } from 'zod'
import { AppError } from './app-error'

/** The part of Electron's ipcMain this module needs, so it can be tested without Electron. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: SenderEvent, input: unknown) => Promise<unknown>): void
}
export interface SenderEvent {
  senderFrame: { url: string } | null
}

export type Handlers = {
  [C in CommandName]: (input: z.output<(typeof commands)[C]['input']>) => Promise<CommandOutput<C>>
}

const INTERNAL = 'Something went wrong inside StayDesk; the details are in the log.'

/** Names a zod issue's field the way the forms label it, e.g. `profile.baseUrl`. */
function issueMessage(issue: z.core.$ZodIssue): string {
  return `${issue.path.map(String).join('.') || 'input'}: ${issue.message}`
}

/**
 * One command from an already trusted caller: parse the input with the contract's schema, run
 * the handler, and turn every outcome into a Result value. The IPC registration below uses it
 * after the sender check; the end-to-end harness's test transport calls it directly, so both
 * paths validate and map errors identically.
 */
export async function dispatchCommand<C extends CommandName>(
  handlers: Handlers,
  name: C,
  input: unknown,
  onError: (command: string, err: unknown) => void = () => {}
): Promise<Result<CommandOutput<C>>> {
  if (!(COMMANDS as readonly string[]).includes(name)) {
    return fail('bad-input', 'Unknown command.')
  }
  const parsed = commands[name].input.safeParse(input ?? {})
  if (!parsed.success) return fail('bad-input', issueMessage(parsed.error.issues[0]))
  try {
    const handler = handlers[name] as (input: unknown) => Promise<CommandOutput<C>>
    return ok(await handler(parsed.data))
  } catch (err) {
    if (err instanceof AppError) return fail(err.code, err.message)
    onError(name, err)
    return fail('internal', INTERNAL)
  }
}

/**
 * Registers every command: the sender must be the app's own frame, then dispatchCommand. A
 * command without a handler is a compile error because `Handlers` is a mapped type over all
 * command names.
 */
export function registerCommands(
  ipc: IpcMainLike,
  handlers: Handlers,
  isTrustedSender: (url: string) => boolean,
  onError: (command: string, err: unknown) => void
): void {
  for (const name of COMMANDS) {
    ipc.handle(name, async (event, input): Promise<Result<unknown>> => {
      // senderFrame is null once the frame navigated away or was destroyed: refuse that too.
      if (!event.senderFrame || !isTrustedSender(event.senderFrame.url)) {
        return fail('forbidden', 'This request did not come from the StayDesk window.')
      }
      return dispatchCommand(handlers, name, input, onError)
    })
  }
}
