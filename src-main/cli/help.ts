/**
 * Every command's usage, kept apart from the commands themselves: `staydesk --help` and
 * `staydesk COMMAND --help` load this module alone, not the database, HTTP and schema code the
 * commands need, so they answer at once.
 */

export interface CommandHelp {
  /** One synopsis per form of the command (`booking show` and `booking cancel`). */
  usage: string[]
  /** What it does, in one line: the global help's listing. */
  summary: string
  /** The command's own options, each with what it means. */
  options: [string, string][]
  /** Anything a person must know to use it right: exit codes, what it reads, what it keeps. */
  notes?: string[]
}

const JOURNAL_OPTIONS =
  '[--since D] [--until D] [--action A] [--outcome O] [--booking B] [--limit N] [--csv]'

/** Other names of a command: each runs, and shows the help of, the command it names. */
const COMMAND_ALIASES: Readonly<Record<string, string>> = { audit: 'journal' }

/** The command a name runs: itself, or the one an alias stands for. */
export function commandOf(name: string): string {
  return Object.hasOwn(COMMAND_ALIASES, name) ? COMMAND_ALIASES[name] : name
}

export const COMMAND_HELP: Record<string, CommandHelp> = {
  sync: {
    usage: ['sync [--full]'],
    summary: 'full sync on first run, then delta',
    options: [['--full', 'start over with a full sync']],
    notes: [
      'Needs --base-url (or --profile), --db and a token. Exit 1 when a resource fails; the',
      'others are kept.'
    ]
  },
  status: {
    usage: ['status'],
    summary: 'per resource: last sync, data age, counts, quarantined',
    options: [],
    notes: ['Reads the mirror alone (no token). No mirror at --db is a failure (exit 1).']
  },
  listings: {
    usage: ['listings [--search TEXT] [--city C] [--country C] [--min-guests N] [--limit N]'],
    summary: 'listings from the mirror',
    options: [
      ['--search TEXT', 'in the id, reference, name or city'],
      ['--city C', 'in this city'],
      ['--country C', 'in this country'],
      ['--min-guests N', 'for at least N guests'],
      ['--limit N', 'at most N rows (default 50)']
    ]
  },
  available: {
    usage: ['available --from D --to D [--adults N] [--children-ages 4,9] [--explain]'],
    summary: 'which listings can be booked, offline, with the stay rules',
    options: [
      ['--from D --to D', 'the stay: arrival and departure (YYYY-MM-DD)'],
      ['--adults N', 'adults (default 2)'],
      ['--children-ages 4,9', "each child's age, 0 to 12"],
      ['--explain', 'for every listing left out, why']
    ]
  },
  calendar: {
    usage: ['calendar LISTING --month YYYY-MM'],
    summary: 'day flags, stay limits and nightly price of one listing',
    options: [['--month YYYY-MM', 'the month to show']]
  },
  history: {
    usage: [
      'history [LISTING] [--since D] [--until D] [--date D] [--kind price|availability|listing] [--limit N]'
    ],
    summary: 'what the syncs saw change, offline',
    options: [
      ['--since D --until D', 'the days the change was seen (UTC, inclusive)'],
      ['--date D', 'the night or day a change is about'],
      ['--kind K', 'price, availability or listing'],
      ['--limit N', 'at most N changes (default 200, at most 1000)']
    ]
  },
  alerts: {
    usage: ['alerts [--kind K] [--since D] [--status S] [--limit N]'],
    summary: "the portfolio watch's alerts: double bookings and rate guardrails, offline",
    options: [
      [
        '--kind K',
        'double-booking, price-drop, price-floor, no-rate, min-stay-jump or price-at-booking'
      ],
      ['--since D', 'only alerts first seen on or after day D (UTC)'],
      ['--status S', 'open (new and seen, the default), new, seen or dismissed'],
      ['--limit N', 'at most N alerts (default 200, at most 500)']
    ],
    notes: [
      'Needs --db (or --profile), no token. Brings the alerts up to date with the mirror first',
      '(the pass the app runs after each sync), so run it after "staydesk sync". Rules are the',
      "profile's guardrails as set in the app, else the defaults; --today sets the day they",
      'are checked from. Exit 0 with or without alerts.'
    ]
  },
  overview: {
    usage: ['overview [--month YYYY-MM] [--region R] [--csv]'],
    summary: 'the portfolio overview: unavailable share, rates, open value, gap nights, offline',
    options: [
      ['--month YYYY-MM', "one month of the next twelve: its regions' figures"],
      ['--region R', "one region's figures"],
      ['--csv', "the Overview screen's export, per listing and month"]
    ],
    notes: [
      'Needs --db (or --profile), no token. "Unavailable" is the service\'s word: a booking or',
      "an owner's block alike. --today sets the first day of the twelve months."
    ]
  },
  references: {
    usage: [
      'references import FILE.csv [--dry-run] [--batch-size N] [--undo FILE] [--confirm N]',
      'references export [--out FILE]'
    ],
    summary:
      "this channel's listing references: import from a CSV (the diff, then journaled), export",
    options: [
      ['--dry-run', 'print the diff and send nothing (exit 1 if a row is invalid)'],
      ['--batch-size N', 'rows per request (default 100, at most 500)'],
      ['--undo FILE', 'where the undo file goes (default: beside FILE.csv)'],
      ['--confirm N', 'on a production profile: the number of rows that will be sent'],
      ['--out FILE', 'export: save to a new file instead of printing']
    ],
    notes: ['The CSV header is listingId,reference,url,status (url and status optional).']
  },
  quote: {
    usage: ['quote LISTING --from D --to D --adults N [--children-ages 4,9] [--offline]'],
    summary: 'live quote, or with --offline an estimate from the mirror',
    options: [
      ['--from D --to D', 'the stay: arrival and departure (YYYY-MM-DD)'],
      ['--adults N', 'adults (required)'],
      ['--children-ages 4,9', "each child's age, 0 to 12"],
      ['--offline', 'estimate from the mirror (--db) with the same pricing rules']
    ]
  },
  booking: {
    usage: [
      'booking show ID',
      'booking cancel ID --by guest|pm --reason TEXT --message TEXT [--confirm ID]'
    ],
    summary: 'one booking: live (kept in the mirror) or the kept copy; cancel, journaled',
    options: [
      ['--by guest|pm', 'cancel: who cancels'],
      ['--reason TEXT', 'cancel: why (kept in the journal)'],
      ['--message TEXT', 'cancel: sent to the other party'],
      ['--confirm ID', 'cancel on a production profile: the booking id typed again']
    ],
    notes: [
      'Needs --channel (or --profile). show prints the kept copy, marked as such, when the',
      'service does not answer; cancel is sent once and never again.'
    ]
  },
  bookings: {
    usage: ['bookings [--status S] [--guest G] [--listing L] [--from D] [--to D] [--limit N]'],
    summary: 'the bookings kept by earlier reads, offline',
    options: [
      ['--status S', 'in this status (confirmed, cancelledByGuest, …)'],
      ['--guest G', "the guest's name or email contains G"],
      ['--listing L', 'for this listing'],
      ['--from D --to D', 'staying between these days'],
      ['--limit N', 'at most N rows (default 100, at most 500)']
    ]
  },
  journal: {
    usage: [
      `journal ${JOURNAL_OPTIONS}`,
      // The command's earlier name, kept so that scripts written for it go on working.
      `audit ${JOURNAL_OPTIONS}`
    ],
    summary: 'the journal of writes (audit is the same command)',
    options: [
      ['--since D --until D', 'sent on these days (UTC, inclusive)'],
      ['--action A', 'one kind of write'],
      ['--outcome O', 'one outcome'],
      ['--booking B', 'for this booking'],
      ['--limit N', 'at most N rows (at most 1000)'],
      ['--csv', "the CSV the app's Journal screen exports"]
    ]
  },
  sandbox: {
    usage: [
      'sandbox [--port P] [--listings N] [--seed S] [--token T] [--channel CODE] [--today D]'
    ],
    summary: 'the embedded demo service, until Ctrl-C',
    options: [],
    notes: ['Its options are described in docs/sandbox.md.']
  }
}

const GLOBAL_HELP = `global options (before or after the command):
  --base-url URL      the service (a profile's URL when --profile is given)
  --db FILE           the mirror database (a profile's own file when --profile is given);
                      writes are journaled beside it, in FILE's name with .journal.sqlite
  --profile NAME      a profile saved by the app (its profiles file is only read); writes
                      are journaled in the app's own journal, with the app's
  --token-file FILE   the access token (or set STAYDESK_TOKEN); never a plain flag
  --channel CODE      sales channel id for bookings and listing references
  --today D           evaluate stay rules as of this date (default: today, UTC)
  --timeout SECONDS   the longest one request may wait at each step: to connect, then for
                      the answer (default 10, then 15)
  --deadline SECONDS  the longest the command waits for the service's next answer,
                      retries included (default 60); then it stops and says so
  --json              one JSON document on stdout
  --help, -h          this help; after a command, that command's
  --version           the version, and the commit it was built from`

/** `staydesk --help`: every command in one line, then the global options. */
export function globalHelp(): string {
  const lines = ['usage: staydesk <command> [options]', '', 'commands:']
  for (const help of Object.values(COMMAND_HELP)) {
    for (const usage of help.usage) lines.push(`  ${usage}`)
    lines.push(`      ${help.summary}`)
  }
  lines.push('', GLOBAL_HELP, '', 'staydesk COMMAND --help shows one command with its options.')
  lines.push('Exit codes: 0 ok, 1 failure (the service, a file, a refusal), 2 usage.')
  return lines.join('\n')
}

/** `staydesk COMMAND --help`: its forms, what it does, its options, then the global ones. */
export function commandHelp(name: string): string {
  const help = COMMAND_HELP[commandOf(name)]
  const lines = help.usage.map((u, i) => `${i === 0 ? 'usage:' : '      '} staydesk ${u}`)
  lines.push('', help.summary)
  if (help.options.length > 0) {
    lines.push('', 'options:')
    const width = Math.max(...help.options.map(([flag]) => flag.length)) + 2
    for (const [flag, what] of help.options) lines.push(`  ${flag.padEnd(width)}${what}`)
  }
  if (help.notes) lines.push('', ...help.notes)
  lines.push('', GLOBAL_HELP)
  return lines.join('\n')
}
