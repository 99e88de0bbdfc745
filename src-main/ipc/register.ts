import { fail, ok, type Result } from '@shared/errors'
import { COMMANDS, type CommandDomain, type CommandName } from '@shared/ipc/channels'
import { commands, type CommandOutput, type DomainHandlers } from '@shared/ipc/contract'
import { toAppError, zodAppError } from '../errors'

/** The part of Electron's ipcMain this module needs, so it can be tested without Electron. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: SenderEvent, input: unknown) => Promise<unknown>): void
}
export interface SenderEvent {
  senderFrame: { url: string } | null
}

/** Every command's handler: the union of the domains' handler sets (features/<domain>/handlers). */
export type Handlers = DomainHandlers<CommandDomain>

/**
 * A handler threw something that is not an AppError: a bug. The app logs it; the end-to-end
 * harness records it and fails the test in which it happened.
 */
export type CrashReporter = (command: CommandName, err: unknown) => void

/**
 * No command takes input nested more than a few levels (a prefs value is the deepest); the
 * contract's recursive schemas (JSON values) would otherwise recurse as deep as the input goes
 * and overflow the stack on a hostile one.
 */
const MAX_INPUT_DEPTH = 32

/** Without recursion, so the check itself can't overflow. */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!
    if (v === null || typeof v !== 'object') continue
    if (depth >= max) return true
    for (const child of Object.values(v)) stack.push([child, depth + 1])
  }
  return false
}

/**
 * One command from an already trusted caller: parse the input with the contract's schema, run
 * the handler, and turn every outcome into a Result value through the one mapping (toAppError).
 * The IPC registration below uses it after the sender check; the end-to-end harness's test
 * transport calls it directly, so both paths validate and map errors identically.
 */
export async function dispatchCommand<C extends CommandName>(
  handlers: Handlers,
  name: C,
  input: unknown,
  onCrash: CrashReporter = () => {}
): Promise<Result<CommandOutput<C>>> {
  if (!(COMMANDS as readonly string[]).includes(name)) {
    return fail('bad-input', 'Unknown command.')
  }
  if (nestedDeeperThan(input, MAX_INPUT_DEPTH)) {
    return fail('bad-input', 'The input is nested too deeply to be a StayDesk request.')
  }
  const parsed = commands[name].input.safeParse(input ?? {})
  if (!parsed.success) return { ok: false, error: zodAppError(parsed.error).toPayload() }
  try {
    const handler = handlers[name] as (input: unknown) => Promise<CommandOutput<C>>
    return ok(await handler(parsed.data))
  } catch (err) {
    const appError = toAppError(err)
    if (appError.unexpected) onCrash(name, err)
    return { ok: false, error: appError.toPayload() }
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
  onCrash: CrashReporter
): void {
  for (const name of COMMANDS) {
    ipc.handle(name, async (event, input): Promise<Result<unknown>> => {
      // senderFrame is null once the frame navigated away or was destroyed: refuse that too.
      if (!event.senderFrame || !isTrustedSender(event.senderFrame.url)) {
        return fail('forbidden', 'This request did not come from the StayDesk window.')
      }
      return dispatchCommand(handlers, name, input, onCrash)
    })
  }
}
