import { redactText } from '../api'
import { TokenFormatError } from '../auth/token-store'
import { toAppError } from '../errors'
import { splitCommandLine, UsageError } from './args'
import { createOutput, type Output } from './output'
import { AUDIT_HELP, auditCommand } from './commands/audit'
import { AVAILABLE_HELP, availableCommand } from './commands/available'
import { BOOKING_HELP, bookingCommand } from './commands/booking'
import { BOOKINGS_HELP, bookingsCommand } from './commands/bookings'
import { CALENDAR_HELP, calendarCommand } from './commands/calendar'
import { HISTORY_HELP, historyCommand } from './commands/history'
import { LISTINGS_HELP, listingsCommand } from './commands/listings'
import { QUOTE_HELP, quoteCommand } from './commands/quote'
import { REFERENCES_HELP, referencesCommand } from './commands/references'
import { STATUS_HELP, statusCommand } from './commands/status'
import { SYNC_HELP, syncCommand } from './commands/sync'

/**
 * `staydesk <command>`: the main-process services from a terminal. Human output by default,
 * `--json` for one JSON document on stdout. Exit codes: 0 ok, 1 failure, 2 usage. Errors go
 * to stderr in one line.
 */

const HELP = `usage: staydesk <command> [options]

commands:
  ${SYNC_HELP}
  ${STATUS_HELP}
  ${LISTINGS_HELP}
  ${AVAILABLE_HELP}
  ${CALENDAR_HELP}
  ${HISTORY_HELP}
  ${REFERENCES_HELP}
  ${QUOTE_HELP}
  ${BOOKING_HELP}
  ${BOOKINGS_HELP}
  ${AUDIT_HELP}
  sandbox [--port P] [--listings N] [--seed S] [--token T] [--channel CODE] [--today D]

global options (before or after the command):
  --base-url URL     the service (a profile's URL when --profile is given)
  --db FILE          the mirror database (a profile's own file when --profile is given);
                     writes are journaled beside it, in FILE's name with .journal.sqlite
  --profile NAME     a profile saved by the app (its profiles file is only read); writes
                     are journaled in the app's own journal, with the app's
  --token-file FILE  the access token (or set STAYDESK_TOKEN); never a plain flag
  --channel CODE     sales channel id for bookings and listing references
  --today D          evaluate stay rules as of this date (default: today, UTC)
  --json             one JSON document on stdout
`

type Command = (argv: string[], out: Output) => Promise<number>

const COMMANDS: Record<string, Command> = {
  sync: syncCommand,
  status: statusCommand,
  listings: listingsCommand,
  available: availableCommand,
  calendar: calendarCommand,
  history: historyCommand,
  references: referencesCommand,
  quote: quoteCommand,
  booking: bookingCommand,
  bookings: bookingsCommand,
  audit: auditCommand
}

export async function runCli(argv: string[], out: Output = createOutput()): Promise<number> {
  try {
    const { name, rest } = splitCommandLine(argv)
    if (!name || name === 'help') {
      out.line(HELP)
      const asked = name === 'help' || rest.includes('--help') || rest.includes('-h')
      return asked ? 0 : 2
    }
    if (name === 'sandbox') {
      // The sandbox's own CLI reads process.argv and runs until Ctrl-C.
      process.argv = [process.argv[0], 'sandbox', ...rest]
      await import('../sandbox/cli')
      return 0
    }
    const command = COMMANDS[name]
    if (!command) throw new UsageError(`unknown command "${name}" (see staydesk --help)`)
    if (rest.includes('--help') || rest.includes('-h')) {
      out.line(HELP)
      return 0
    }
    return await command(rest, out)
  } catch (err) {
    if (err instanceof UsageError || err instanceof TokenFormatError) {
      const text = err instanceof TokenFormatError ? err.detail : err.message
      process.stderr.write(`staydesk: ${text}\n`)
      return 2
    }
    const failure = toAppError(err)
    let message = failure.message
    if (failure.unexpected) {
      // A bug's own text stays out of the sentence (it may hold anything); on request its
      // stack follows, scrubbed of tokens and card numbers like every other log line.
      const kind = err instanceof Error ? err.name : typeof err
      message = `Something went wrong inside StayDesk (${kind}). Run again with STAYDESK_DEBUG=1 to print the details.`
      if (process.env.STAYDESK_DEBUG) {
        const stack = err instanceof Error ? (err.stack ?? err.message) : String(err)
        process.stderr.write(`${redactText(stack)}\n`)
      }
    }
    process.stderr.write(`staydesk: ${message.replace(/\s*\n\s*/g, ' ')}\n`)
    return 1
  }
}
