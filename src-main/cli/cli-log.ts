import { defaultDataDir } from '../app-paths'
import { tokenFromEnvironment } from '../auth/token-environment'
import { setLogFile } from '../errors'
import type { Log } from '../logging'

/**
 * cli.N.log in the data folder's logs/ (the app's own folder, or STAYDESK_DATA_DIR), beside the
 * app's main and sync logs, so a person sends support one folder. Only the commands that may
 * write to the service or sync open it (and any command that hits a bug): a read-only command
 * writes nothing and does not pay the log's loading (pino-roll, about 70 ms).
 */
export const LOGGED_COMMANDS: ReadonlySet<string> = new Set(['sync', 'booking', 'references'])

let opened: Promise<Log | undefined> | undefined
let current: Log | undefined

/** Opens this run's log (once); undefined when its folder can't be written. */
export function openCliLog(
  env: NodeJS.ProcessEnv = process.env,
  tokenFile?: string
): Promise<Log | undefined> {
  opened ??= (async () => {
    try {
      const { logsDir, openLog } = await import('../logging')
      const secrets = tokenSecrets(env, tokenFile)
      current = await openLog({
        dir: logsDir(defaultDataDir(env)),
        name: 'cli',
        secrets: () => secrets
      })
      const log = current
      setLogFile(() => log.file())
      return current
    } catch {
      // A folder that can't be written costs the log, not the command.
      return undefined
    }
  })()
  return opened
}

/** The log when this run opened one: write, sync and failure lines go there. */
export function cliLog(): Log | undefined {
  return current
}

export async function closeCliLog(): Promise<void> {
  const log = current
  current = undefined
  opened = undefined
  setLogFile(undefined)
  await log?.close()
}

/**
 * The token this run was given (STAYDESK_TOKEN or --token-file), as the secrets to scrub from
 * what it writes: none when there is none, or when it can't be read (the command says so).
 */
export function tokenSecrets(env: NodeJS.ProcessEnv, tokenFile?: string): string[] {
  try {
    const token = tokenFromEnvironment(env, undefined, tokenFile)
    return token ? [token] : []
  } catch {
    return []
  }
}
