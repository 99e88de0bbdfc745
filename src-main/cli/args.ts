import { parseArgs, type ParseArgsConfig } from 'node:util'
import { isIsoDate } from '@shared/domain/dates'

/** A mistake in how the command was called: exit code 2 with one line on stderr. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

/** Options every command accepts (besides its own). */
const GLOBAL_OPTIONS = {
  'base-url': { type: 'string' },
  db: { type: 'string' },
  profile: { type: 'string' },
  'token-file': { type: 'string' },
  channel: { type: 'string' },
  today: { type: 'string' },
  timeout: { type: 'string' },
  deadline: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' }
} as const satisfies ParseArgsConfig['options']

/**
 * Finds the command in a command line whose global options may come before or after it, as in
 * git or npm (`staydesk --db F status` and `staydesk status --db F`): the first word that is
 * neither an option nor an option's value. The global options move behind the command's own
 * words, so a subcommand (`booking show ID`) still comes first for the command to read, but
 * stay before a `--`, after which every word is the command's own, as it was given.
 *
 * Only global options may come before the command: there, a command's own option would make
 * its value look like the command (`--search lucca listings` is not the command "lucca").
 */
export function splitCommandLine(argv: readonly string[]): { name?: string; rest: string[] } {
  const globals: string[] = []
  const rest: string[] = []
  let name: string | undefined
  let i = 0
  for (; i < argv.length && argv[i] !== '--'; i++) {
    const word = argv[i]
    const option = globalOption(word)
    if (option) {
      globals.push(word)
      if (
        option.type === 'string' &&
        !word.includes('=') &&
        i + 1 < argv.length &&
        argv[i + 1] !== '--'
      ) {
        globals.push(argv[++i])
      }
    } else if (name !== undefined) {
      rest.push(word)
    } else if (word.startsWith('-')) {
      throw new UsageError(
        `${word.split('=')[0]} is not a global option: give the command first, then its own options`
      )
    } else {
      name = word
    }
  }
  return { name, rest: [...rest, ...globals, ...argv.slice(i)] }
}

function globalOption(word: string): { type: 'string' | 'boolean' } | undefined {
  if (word === '-h') return GLOBAL_OPTIONS.help
  if (!word.startsWith('--')) return undefined
  const key = word.slice(2).split('=')[0]
  return Object.hasOwn(GLOBAL_OPTIONS, key)
    ? GLOBAL_OPTIONS[key as keyof typeof GLOBAL_OPTIONS]
    : undefined
}

export type GlobalValues = {
  'base-url'?: string
  db?: string
  profile?: string
  'token-file'?: string
  channel?: string
  today?: string
  timeout?: string
  deadline?: string
  json?: boolean
  help?: boolean
  version?: boolean
}

type OptionValues<O> = {
  [K in keyof O]?: O[K] extends { type: 'boolean' } ? boolean : string
}

/**
 * parseArgs with strict checking; its errors become UsageErrors naming the flag in plain words.
 * A negative number after an option that takes a value (`--limit -1`) is taken as that value,
 * so the option's own check can say what is wrong with it; parseArgs would call it ambiguous.
 */
export function parse<O extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: O
): { values: GlobalValues & OptionValues<O>; positionals: string[] } {
  const all: NonNullable<ParseArgsConfig['options']> = { ...GLOBAL_OPTIONS, ...options }
  const args = joinNegativeValues(argv, all)
  try {
    const { values, positionals } = parseArgs({
      args,
      options: all,
      allowPositionals: true,
      strict: true
    })
    return { values: values as GlobalValues & OptionValues<O>, positionals }
  } catch (err) {
    throw new UsageError(plainParseError(err as Error & { code?: string }))
  }
}

function joinNegativeValues(
  argv: string[],
  options: NonNullable<ParseArgsConfig['options']>
): string[] {
  const out: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]
    if (word === '--') return [...out, ...argv.slice(i)]
    const name = word.startsWith('--') ? word.slice(2) : undefined
    const next = argv[i + 1]
    if (
      name !== undefined &&
      options[name]?.type === 'string' &&
      next !== undefined &&
      /^-\d/.test(next)
    ) {
      out.push(`${word}=${next}`)
      i++
    } else {
      out.push(word)
    }
  }
  return out
}

/** parseArgs' messages name the flag but tell the person little; these say what to do. */
function plainParseError(err: Error & { code?: string }): string {
  const first = err.message.split('\n')[0]
  const flag = /'(-[^' ]+)/.exec(first)?.[1]
  if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag) {
    if (/argument missing/.test(first)) return `${flag} needs a value`
    if (/ambiguous/.test(first)) {
      return `${flag} needs a value, not an option (write ${flag}=VALUE for a value that starts with "-")`
    }
    if (/does not take an argument/.test(first)) return `${flag} takes no value`
  }
  if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag) {
    return `Unknown option '${flag}' (see --help for the options)`
  }
  if (err.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return first
  return first
}

export function requireDate(flag: string, value: string | undefined): string {
  if (value === undefined) throw new UsageError(`${flag} is required (YYYY-MM-DD)`)
  if (!isIsoDate(value)) throw new UsageError(`${flag}: "${value}" is not a date YYYY-MM-DD`)
  return value
}

export function optionalDate(flag: string, value: string | undefined): string | undefined {
  return value === undefined ? undefined : requireDate(flag, value)
}

export function wholeNumber(
  flag: string,
  value: string | undefined,
  min: number
): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value) || Number(value) < min) {
    throw new UsageError(`${flag}: "${value}" is not a whole number of at least ${min}`)
  }
  return Number(value)
}

/** `--timeout 2.5` → 2500 ms: a number of seconds above zero, at most a day. */
export function seconds(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!/^\d+(\.\d+)?$/.test(value) || !(n > 0) || n > 86_400) {
    throw new UsageError(`${flag}: "${value}" is not a number of seconds above 0`)
  }
  return Math.round(n * 1000)
}

/** A value that must be one of a fixed list: the list is the error's own help. */
export function oneOf<T extends string>(
  flag: string,
  value: string | undefined,
  allowed: readonly T[]
): T | undefined {
  if (value === undefined || allowed.includes(value as T)) return value as T | undefined
  throw new UsageError(`${flag}: "${value}" is not one of ${allowed.join(', ')}`)
}

export function listingId(value: string | undefined): number {
  if (value === undefined) throw new UsageError('a listing id is required')
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`LISTING: "${value}" is not a listing id (a whole number such as 100001)`)
  }
  return Number(value)
}

/** `--children-ages 4,9` → [4, 9]; each age from 0 to 12, as the service requires. */
export function childrenAges(value: string | undefined): number[] | undefined {
  if (value === undefined || value.trim() === '') return undefined
  return value.split(',').map((part) => {
    const t = part.trim()
    if (!/^\d+$/.test(t) || Number(t) > 12) {
      throw new UsageError(`--children-ages: "${t}" is not an age from 0 to 12`)
    }
    return Number(t)
  })
}

export function month(value: string | undefined): string {
  if (value === undefined) throw new UsageError('--month is required (YYYY-MM)')
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value))
    throw new UsageError(`--month: "${value}" is not YYYY-MM`)
  return value
}
