import { COMMANDS, type CommandName } from '@shared/ipc/channels'
import { commands, type CommandOutput } from '@shared/ipc/contract'
import { fail, ok, type Result } from '@shared/errors'
import type { z } from 'zod'

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

/**
 * Registers every command: the sender must be the app's own frame, the input must parse with
 * the contract's schema, and every outcome becomes a Result value. A command without a
 * handler is a compile error because `Handlers` is a mapped type over all command names.
 */
export function registerCommands(
  ipc: IpcMainLike,
  handlers: Handlers,
  isTrustedSender: (url: string) => boolean,
  onError: (command: string, err: unknown) => void
): void {
  for (const name of COMMANDS) {
    ipc.handle(name, async (event, input): Promise<Result<unknown>> => {
      if (!event.senderFrame || !isTrustedSender(event.senderFrame.url)) {
        return fail('forbidden', 'This request did not come from the StayDesk window.')
      }
      const parsed = commands[name].input.safeParse(input ?? {})
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        return fail('bad-input', `${issue.path.join('.') || 'input'}: ${issue.message}`)
      }
      try {
        return ok(await handlers[name](parsed.data as never))
      } catch (err) {
        onError(name, err)
        return fail('internal', 'Something went wrong inside StayDesk; the details are in the log.')
      }
    })
  }
}
