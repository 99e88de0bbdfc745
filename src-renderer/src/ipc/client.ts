import type { AppErrorCode } from '@shared/errors'
import type { CommandName } from '@shared/ipc/channels'
import type { CommandInput, CommandOutput, DesktopApi } from '@shared/ipc/contract'

/**
 * The renderer's only way to main. Commands resolve to a Result value (never a thrown error,
 * see src-shared/errors.ts); this unwraps it so react-query sees ordinary data or an Error, and
 * the code survives for the screens that branch on it (unauthorized, offline, ...).
 */
export class IpcError extends Error {
  readonly code: AppErrorCode
  /** The input field main's error is about (a dotted path of the command's input). */
  readonly field?: string

  constructor(code: AppErrorCode, message: string, field?: string) {
    super(message)
    this.name = 'IpcError'
    this.code = code
    this.field = field
  }
}

/** The bridge, or undefined when the page was opened without the preload (a plain browser). */
export function bridge(): DesktopApi | undefined {
  return typeof window !== 'undefined' ? window.staydesk : undefined
}

const NO_BRIDGE =
  "StayDesk's window is not connected to its main process. Close the window and start StayDesk again."

export async function call<C extends CommandName>(
  command: C,
  input: CommandInput<C>
): Promise<CommandOutput<C>> {
  const api = bridge()
  if (!api) throw new IpcError('internal', NO_BRIDGE)
  // The mapped DesktopApi type can't be indexed generically without losing the pairing of C's
  // input and output; the cast restores it, and the contract types keep both ends honest.
  const fn = api[command] as unknown as (i: CommandInput<C>) => ReturnType<DesktopApi[C]>
  let result: Awaited<ReturnType<DesktopApi[C]>>
  try {
    result = await fn(input)
  } catch {
    // Only a broken bridge rejects: main answers every command with a Result value.
    throw new IpcError('internal', NO_BRIDGE)
  }
  if (!result || typeof result !== 'object' || !('ok' in result)) {
    throw new IpcError('internal', 'StayDesk received an answer it does not understand.')
  }
  if (result.ok) return result.value as CommandOutput<C>
  throw new IpcError(result.error.code, result.error.message, result.error.field)
}

export function errorCode(err: unknown): AppErrorCode | undefined {
  return err instanceof IpcError ? err.code : undefined
}
