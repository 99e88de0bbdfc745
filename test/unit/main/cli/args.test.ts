import { describe, expect, it } from 'vitest'
import { parse, splitCommandLine, UsageError } from '../../../../src-main/cli/args'

const split = (line: string) => splitCommandLine(line === '' ? [] : line.split(' '))

describe('global options before or after the command', () => {
  it.each([
    ['status --db F', 'status', ['--db', 'F']],
    ['--db F status', 'status', ['--db', 'F']],
    ['--db=F status --json', 'status', ['--db=F', '--json']],
    ['--json --db F status', 'status', ['--json', '--db', 'F']],
    ['status --db=F', 'status', ['--db=F']],
    // A subcommand and its id stay first; the globals follow them wherever they were given.
    ['--channel DEMO booking show SB1', 'booking', ['show', 'SB1', '--channel', 'DEMO']],
    ['booking --channel DEMO show SB1', 'booking', ['show', 'SB1', '--channel', 'DEMO']],
    ['booking show --channel DEMO SB1', 'booking', ['show', 'SB1', '--channel', 'DEMO']],
    [
      '--base-url U booking cancel SB1 --by pm --reason R',
      'booking',
      ['cancel', 'SB1', '--by', 'pm', '--reason', 'R', '--base-url', 'U']
    ],
    // The command's own options, with values, pass through in order.
    ['listings --search lucca --db F', 'listings', ['--search', 'lucca', '--db', 'F']],
    ['quote 12 --adults 2', 'quote', ['12', '--adults', '2']],
    // A value that looks like a command is still the option's value.
    ['--db status status', 'status', ['--db', 'status']],
    ['--today 2026-11-23 sandbox --port 0', 'sandbox', ['--port', '0', '--today', '2026-11-23']],
    ['-h', undefined, ['-h']],
    ['--help status', 'status', ['--help']],
    ['status -h', 'status', ['-h']],
    ['', undefined, []],
    ['help', 'help', []],
    // An option missing its value at the end is left for parse to report.
    ['status --db', 'status', ['--db']],
    ['--db', undefined, ['--db']],
    // After `--` every word is the command's own, and the globals stay before it.
    ['--json booking show -- -SB1', 'booking', ['show', '--json', '--', '-SB1']],
    ['booking show --channel -- --db', 'booking', ['show', '--channel', '--', '--db']]
  ])('%s → %s %j', (line, name, rest) => {
    expect(split(line)).toEqual({ name, rest })
  })

  it('refuses a command option before the command instead of taking its value for the command', () => {
    expect(() => split('--search lucca listings')).toThrow(UsageError)
    expect(() => split('--search lucca listings')).toThrow(
      '--search is not a global option: give the command first, then its own options'
    )
    expect(() => split('--adults=2 quote 12')).toThrow(/^--adults is not a global option/)
  })

  it('gives each command the same values from either position', () => {
    const before = split('--db F --json --today 2026-11-23 available --from 2027-01-01')
    const after = split('available --from 2027-01-01 --db F --json --today 2026-11-23')
    const options = { from: { type: 'string' } } as const
    expect(before.name).toBe('available')
    expect(parse(before.rest, options)).toEqual(parse(after.rest, options))
    expect(parse(before.rest, options).values).toMatchObject({
      db: 'F',
      json: true,
      today: '2026-11-23',
      from: '2027-01-01'
    })
  })

  it('reports a global option missing its value at the end as a usage error naming it', () => {
    const { rest } = split('status --db')
    expect(() => parse(rest, {})).toThrow(UsageError)
    expect(() => parse(rest, {})).toThrow(/--db/)
    expect(() => parse(split('--json status --today').rest, {})).toThrow(/--today/)
  })
})

describe('what parse says about a value that is missing or wrong', () => {
  const limit = { limit: { type: 'string' } } as const

  it('takes a negative number after an option as its value, for the option to judge', () => {
    expect(parse(['--limit', '-1'], limit).values.limit).toBe('-1')
    expect(parse(['--limit=-1'], limit).values.limit).toBe('-1')
    // After `--` nothing is joined: every word is the command's own.
    expect(parse(['--', '--limit', '-1'], limit).positionals).toEqual(['--limit', '-1'])
  })

  it.each([
    [['--limit'], '--limit needs a value'],
    [
      ['--limit', '--json'],
      '--limit needs a value, not an option (write --limit=VALUE for a value that starts with "-")'
    ],
    [['--json=yes'], '--json takes no value'],
    [['--frob'], "Unknown option '--frob' (see --help for the options)"]
  ])('%j → %s', (argv, message) => {
    expect(() => parse(argv, limit)).toThrow(new UsageError(message))
  })
})
