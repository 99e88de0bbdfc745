import { readFileSync } from 'node:fs'
import { splitCommandLine, UsageError } from './args'
import { closeCliLog, LOGGED_COMMANDS, openCliLog, tokenSecrets } from './cli-log'
import { commandHelp, COMMAND_HELP, commandOf, globalHelp } from './help'
import { createOutput, quietWhenClosed, type Output } from './output'
import { configureRuntime, type CliRuntime } from './runtime'
import { versionInfo, versionLine } from './version'

/**
 * `staydesk <command>`: the main-process services from a terminal. Human output by default,
 * `--json` for one JSON document on stdout. Exit codes: 0 ok, 1 failure, 2 usage. Errors go
 * to stderr in one line.
 *
 * Each command's module is loaded only when it runs, so `--help` and `--version` load none of
 * the database, HTTP and schema code: the bundle (scripts/build-cli.mjs) keeps them in chunks
 * of their own. The Electron main process imports this module lazily for `StayDesk --cli`.
 */

type Command = (argv: string[], out: Output) => Promise<number>

const COMMANDS: Record<string, () => Promise<Command>> = {
  sync: async () => (await import('./commands/sync')).syncCommand,
  status: async () => (await import('./commands/status')).statusCommand,
  listings: async () => (await import('./commands/listings')).listingsCommand,
  available: async () => (await import('./commands/available')).availableCommand,
  calendar: async () => (await import('./commands/calendar')).calendarCommand,
  history: async () => (await import('./commands/history')).historyCommand,
  alerts: async () => (await import('./commands/alerts')).alertsCommand,
  overview: async () => (await import('./commands/overview')).overviewCommand,
  references: async () => (await import('./commands/references')).referencesCommand,
  quote: async () => (await import('./commands/quote')).quoteCommand,
  booking: async () => (await import('./commands/booking')).bookingCommand,
  bookings: async () => (await import('./commands/bookings')).bookingsCommand,
  journal: async () => (await import('./commands/journal')).journalCommand
}

/** Asks for help: `--help` or `-h` among the command's own words (not after `--`). */
function asksHelp(rest: readonly string[]): boolean {
  const end = rest.indexOf('--')
  const words = end === -1 ? rest : rest.slice(0, end)
  return words.includes('--help') || words.includes('-h')
}

export async function runCli(
  argv: string[],
  out: Output = createOutput(),
  runtime: CliRuntime = {}
): Promise<number> {
  quietWhenClosed()
  configureRuntime(runtime)
  try {
    const { name, rest } = splitCommandLine(argv)
    if (name === undefined && rest.includes('--version')) {
      if (rest.includes('--json')) out.json(versionInfo())
      else out.line(versionLine())
      return 0
    }
    if (!name || name === 'help') {
      const topic = name === 'help' ? rest.find((w) => !w.startsWith('-')) : undefined
      if (topic !== undefined) {
        // `help nonsense` is the same mistake as `nonsense`, not a request for the list.
        if (!Object.hasOwn(COMMAND_HELP, commandOf(topic))) throw unknownCommand(topic)
        out.line(commandHelp(topic))
        return 0
      }
      out.line(globalHelp())
      const asked = name === 'help' || asksHelp(rest)
      return asked ? 0 : 2
    }
    if (name === 'sandbox') {
      // The sandbox's own CLI reads process.argv (its own --help too) and runs until Ctrl-C.
      process.argv = [process.argv[0], 'sandbox', ...rest]
      await import('../sandbox/cli')
      return 0
    }
    const command = commandOf(name)
    const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined
    if (!load) throw unknownCommand(name)
    if (asksHelp(rest)) {
      out.line(commandHelp(name))
      return 0
    }
    const run = await load()
    if (!LOGGED_COMMANDS.has(command)) return await run(rest, out)
    // A command that may write or sync: a line when it starts and when it ends in cli.N.log.
    const log = await openCliLog(process.env, tokenFileOf(rest))
    log?.info(`staydesk ${name}`, { ...versionInfo(), node: process.versions.node, ...where() })
    const code = await run(rest, out)
    log?.info(`staydesk ${name} ended`, { exitCode: code })
    return code
  } catch (err) {
    return await reportFailure(err, argv)
  } finally {
    await closeCliLog()
  }
}

function unknownCommand(name: string): UsageError {
  return new UsageError(`unknown command "${name}" (see staydesk --help)`)
}

function where(): { platform: string; arch: string } {
  return { platform: process.platform, arch: process.arch }
}

/** --token-file's value, so the log masks that token too. */
function tokenFileOf(words: readonly string[]): string | undefined {
  for (let i = 0; i < words.length; i++) {
    if (words[i] === '--token-file') return words[i + 1]
    if (words[i].startsWith('--token-file=')) return words[i].slice('--token-file='.length)
  }
  return undefined
}

/**
 * Whether the file --token-file names can't be read. tokenFromEnvironment reports a file it
 * could not read and a token of the wrong form with the same TokenFormatError; only the second
 * is a usage error. The file is read again to tell them apart (its text is not kept).
 */
function tokenFileUnreadable(argv: readonly string[]): boolean {
  const file = tokenFileOf(argv)
  if (file === undefined) return false
  try {
    readFileSync(file)
    return false
  } catch {
    return true
  }
}

/**
 * One line on stderr: 2 for a usage error (a wrong flag or value, a malformed token), 1 for
 * anything else (a token file that can't be read among them).
 */
async function reportFailure(err: unknown, argv: readonly string[]): Promise<number> {
  // Loaded only on failure: the error mapping pulls in the API client's code.
  const { TokenFormatError } = await import('../auth/token-store')
  if (err instanceof UsageError) {
    process.stderr.write(`staydesk: ${err.message}\n`)
    return 2
  }
  if (err instanceof TokenFormatError) {
    process.stderr.write(`staydesk: ${err.detail}\n`)
    return tokenFileUnreadable(argv) ? 1 : 2
  }
  const { toAppError } = await import('../errors')
  const failure = toAppError(err)
  let message = failure.message
  if (failure.unexpected) {
    // A bug's own text stays out of the sentence (it may hold anything): its stack goes to
    // cli.N.log, scrubbed like every line there, and the sentence names that file. On request
    // the stack is printed too, scrubbed the same way.
    const kind = err instanceof Error ? err.name : typeof err
    const log = await openCliLog(process.env, tokenFileOf(argv))
    log?.error(`staydesk ${argv.find((w) => !w.startsWith('-')) ?? ''} failed`.trim(), err)
    const { detailsInLog } = await import('../errors')
    message = log
      ? detailsInLog(`Something went wrong inside StayDesk (${kind})`)
      : `Something went wrong inside StayDesk (${kind}). Run again with STAYDESK_DEBUG=1 to print the details.`
    if (process.env.STAYDESK_DEBUG) {
      const { redactText } = await import('../api/redact')
      const stack = err instanceof Error ? (err.stack ?? err.message) : String(err)
      process.stderr.write(`${redactText(stack, tokenSecrets(process.env, tokenFileOf(argv)))}\n`)
    }
  }
  process.stderr.write(`staydesk: ${message.replace(/\s*\n\s*/g, ' ')}\n`)
  return 1
}
