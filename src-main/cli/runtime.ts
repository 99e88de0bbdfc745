/** What the process that runs the command line tells it about itself. */
export interface CliRuntime {
  /**
   * The better-sqlite3 addon to load (src-main/db/native-binding.ts): the Electron build when
   * the app runs `StayDesk --cli`, undefined under Node.
   */
  nativeBinding?: string
}

let current: CliRuntime = {}

export function configureRuntime(runtime: CliRuntime): void {
  current = runtime
}

export function cliRuntime(): CliRuntime {
  return current
}
