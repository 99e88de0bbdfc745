import { parseArgs } from 'node:util'
import { isIsoDate } from '@shared/domain/dates'
import { parseFaultSpec, type FaultOptions } from './http/faults'
import { startSandbox } from './index'
import type { RepricedNight } from './state/situations'
import type { Caller, DemoSituations, IncidentReport } from './types'

/**
 * `npm run sandbox -- --port 8080 --listings 1000 --seed 1 --token demo-token --channel DEMO`
 * Starts the sandbox in the foreground until Ctrl-C. Usage errors exit 2 with one stderr line.
 */

const USAGE =
  'usage: npm run sandbox -- [--port P] [--host H] [--listings N] [--seed S] [--token T] [--channel CODE] ' +
  '[--today YYYY-MM-DD] [--mor-token T2] [--mor-channel CODE] [--churn SECONDS] [--faults SPEC] ' +
  '[--situations] [--incidents SECONDS]'

class UsageError extends Error {}

interface CliOptions {
  port: number
  host: string
  listings: number
  seed: number
  today: string | undefined
  callers: Caller[]
  churnEveryMs: number | undefined
  faults: FaultOptions | undefined
  situations: boolean
  incidentsAfterMs: number | undefined
}

function parseCli(argv: string[]): CliOptions | 'help' {
  let values
  try {
    values = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string', default: '0' },
        host: { type: 'string', default: '127.0.0.1' },
        listings: { type: 'string', default: '300' },
        seed: { type: 'string', default: '1' },
        token: { type: 'string', default: 'demo-token' },
        channel: { type: 'string', default: 'DEMO' },
        today: { type: 'string' },
        'mor-token': { type: 'string' },
        'mor-channel': { type: 'string', default: 'DMOR' },
        churn: { type: 'string' },
        faults: { type: 'string' },
        situations: { type: 'boolean', default: false },
        incidents: { type: 'string' },
        help: { type: 'boolean', short: 'h' }
      }
    }).values
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  if (values.help) return 'help'
  const channel = checkChannel('--channel', values.channel)
  const callers: Caller[] = [{ token: values.token, channel, merchantOfRecord: 'service' }]
  if (values['mor-token'] !== undefined) {
    if (values['mor-token'] === values.token)
      throw new UsageError('--mor-token: must differ from --token')
    const morChannel = checkChannel('--mor-channel', values['mor-channel'])
    callers.push({ token: values['mor-token'], channel: morChannel, merchantOfRecord: 'channel' })
  }
  if (values.today !== undefined && !isIsoDate(values.today)) {
    throw new UsageError('--today: must be a date YYYY-MM-DD')
  }
  let faults: FaultOptions | undefined
  try {
    faults = values.faults === undefined ? undefined : parseFaultSpec(values.faults)
  } catch (error) {
    throw new UsageError(`--${(error as Error).message}`)
  }
  const churn = values.churn === undefined ? undefined : number('--churn', values.churn, 0.01)
  const incidents =
    values.incidents === undefined ? undefined : number('--incidents', values.incidents, 0)
  return {
    port: integer('--port', values.port, 0, 65535),
    host: values.host,
    listings: integer('--listings', values.listings, 1, 100_000),
    seed: integer('--seed', values.seed, 0, 2 ** 31),
    today: values.today,
    callers,
    churnEveryMs: churn === undefined ? undefined : Math.round(churn * 1000),
    faults,
    situations: values.situations,
    incidentsAfterMs: incidents === undefined ? undefined : Math.round(incidents * 1000)
  }
}

function checkChannel(flag: string, code: string): string {
  if (code.length !== 4) throw new UsageError(`${flag}: must be 4 characters`)
  return code
}

function number(flag: string, text: string, min: number): number {
  const n = Number(text)
  if (text.trim() === '' || !Number.isFinite(n) || n < min) {
    throw new UsageError(`${flag}: must be a number ≥ ${min}`)
  }
  return n
}

function integer(flag: string, text: string, min: number, max: number): number {
  const n = Number(text)
  if (!/^\d+$/.test(text) || n < min || n > max) {
    throw new UsageError(`${flag}: must be a whole number from ${min} to ${max}`)
  }
  return n
}

const eurList = (nights: readonly RepricedNight[]): string =>
  nights.map((n) => `${n.date} ${n.oldEur} -> ${n.newEur ?? 'no rate'}`).join(', ')

function printSituations(s: DemoSituations): void {
  if (s.reopened) {
    const r = s.reopened
    console.log(`  situation: ${r.bookingId} (listing ${r.listingId}) has ${r.date} open again`)
  }
  if (s.mistyped) {
    console.log(`  situation: listing ${s.mistyped.listingId} ${eurList(s.mistyped.nights)}`)
  }
  if (s.unpriced) {
    const u = s.unpriced
    console.log(`  situation: listing ${u.listingId} has ${u.date} open without a rate`)
  }
}

function printIncidents(r: IncidentReport): void {
  console.log(`incidents at ${new Date(r.at).toISOString()}:`)
  if (r.reopened) {
    const n = r.reopened
    console.log(`  ${n.bookingId} (listing ${n.listingId}): ${n.date} open again`)
  }
  if (r.priceCut) console.log(`  listing ${r.priceCut.listingId}: ${eurList(r.priceCut.nights)}`)
  if (r.minStay) {
    const m = r.minStay
    const dates = `${m.nights[0].date} to ${m.nights[m.nights.length - 1].date}`
    console.log(`  listing ${m.listingId}: minimum stay ${m.nights[0].new} nights, ${dates}`)
  }
}

async function main(): Promise<void> {
  let options: CliOptions | 'help'
  try {
    options = parseCli(process.argv.slice(2))
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    process.stderr.write(`sandbox: ${error.message.split('\n')[0]}\n${USAGE}\n`)
    process.exit(2)
  }
  if (options === 'help') {
    console.log(USAGE)
    return
  }
  const sandbox = await startSandbox({ ...options, onIncidents: printIncidents })
  console.log(`sandbox listening on ${sandbox.url} (API under ${sandbox.url}/v1)`)
  console.log(
    `  listings ${options.listings}, seed ${options.seed}, today ${options.today ?? 'real date'}`
  )
  for (const c of options.callers) {
    const mode =
      c.merchantOfRecord === 'channel'
        ? 'channel is Merchant of Record'
        : 'service is Merchant of Record'
    console.log(`  token ${c.token}: channel ${c.channel}, ${mode}`)
  }
  const channel = options.callers[0].channel
  console.log(`  demo bookings (channel ${channel}, GET /v1/booking/{id}/${channel}):`)
  for (const b of sandbox.demoBookings) {
    console.log(
      `    ${b.id} ${b.status} ${b.guestName} (listing ${b.listingId}, ${b.from} to ${b.to})`
    )
  }
  if (options.churnEveryMs) console.log(`  churn every ${options.churnEveryMs / 1000} s`)
  if (options.faults) console.log(`  faults ${JSON.stringify(options.faults)}`)
  printSituations(sandbox.situations)
  if (options.incidentsAfterMs !== undefined) {
    console.log(`  incidents in ${options.incidentsAfterMs / 1000} s`)
  }
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

await main()
