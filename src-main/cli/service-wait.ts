import { ApiError, type ApiClient } from '../api'

/** How long a wait goes unmentioned: most answers come well before it. */
const QUIET_MS = 5000
/** Without a terminal (a log file, a pipe), a new line this often instead of one kept up to date. */
const LOG_EVERY_MS = 10_000

export interface WaitOptions {
  /** The service, as the messages name it (its origin). */
  service: string
  /** The longest the command waits for the service's next answer, retries included. */
  deadlineMs: number
  /** Where the progress line goes (stderr); `tty` keeps one line up to date instead of adding. */
  progress: { write(text: string): void; tty: boolean }
  now?: () => number
}

/**
 * Keeps a command from hanging on a service that accepts connections and never answers: each
 * request has its own timeout (the client's), but retries multiply it, so the command also
 * waits at most `deadlineMs` for the next answer before it stops, saying the service did not
 * answer in time (an outage, not an error of StayDesk). The clock starts again with every
 * answer, so a long sync that keeps receiving pages is never cut short. While a wait lasts
 * more than a few seconds, a line on stderr says so.
 *
 * Reads are aborted at the deadline. Writes are not: a write cut off mid-way would leave its
 * outcome unknown, so a write waits for its own request timeout (writes are never retried) and
 * the client reports its outcome as it always does.
 */
export class ServiceWait {
  private readonly controller = new AbortController()
  private readonly now: () => number
  private waiting = 0
  private since = 0
  private deadlineTimer: NodeJS.Timeout | undefined
  private ticker: NodeJS.Timeout | undefined
  private shownAt = 0
  private lineShown = false

  constructor(private readonly opts: WaitOptions) {
    this.now = opts.now ?? Date.now
  }

  /** The client with every call watched; reads also end at the deadline. */
  watch(client: ApiClient): ApiClient {
    const read = <T>(run: (signal?: AbortSignal) => Promise<T>, signal?: AbortSignal) =>
      this.run(run, signal, true)
    const write = <T>(run: (signal?: AbortSignal) => Promise<T>, signal?: AbortSignal) =>
      this.run(run, signal, false)
    const pages = (...args: Parameters<ApiClient['pages']>) => this.pages(client, ...args)
    return {
      pages,
      totalListings: (signal) => read((s) => client.totalListings(s), signal),
      listing: (id, signal) => read((s) => client.listing(id, s), signal),
      availability: (id, signal) => read((s) => client.availability(id, s), signal),
      rates: (id, signal) => read((s) => client.rates(id, s), signal),
      availableInPeriod: (from, to, signal) =>
        read((s) => client.availableInPeriod(from, to, s), signal),
      // A quote writes nothing: it is a read sent as a POST.
      quote: (req, signal) => read((s) => client.quote(req, s), signal),
      booking: (id, channel, signal) => read((s) => client.booking(id, channel, s), signal),
      createBooking: (req, signal) => write((s) => client.createBooking(req, s), signal),
      pay: (id, req, signal) => write((s) => client.pay(id, req, s), signal),
      cancel: (by, req, signal) => write((s) => client.cancel(by, req, s), signal),
      setReference: (id, ref, signal) => write((s) => client.setReference(id, ref, s), signal),
      setReferences: (refs, signal) => write((s) => client.setReferences(refs, s), signal),
      close: () => client.close()
    }
  }

  /** Stops the progress line; call when the command ends. */
  stop(): void {
    this.stopClock()
  }

  private async *pages(
    client: ApiClient,
    ...[resource, opts = {}]: Parameters<ApiClient['pages']>
  ) {
    const signal = this.readSignal(opts.signal)
    const pages = client.pages(resource, { ...opts, signal })[Symbol.asyncIterator]()
    for (;;) {
      const next = await this.run(() => pages.next(), undefined, true)
      if (next.done) return
      yield next.value
    }
  }

  private readSignal(signal: AbortSignal | undefined): AbortSignal {
    return signal ? AbortSignal.any([signal, this.controller.signal]) : this.controller.signal
  }

  private async run<T>(
    run: (signal?: AbortSignal) => Promise<T>,
    signal: AbortSignal | undefined,
    isRead: boolean
  ): Promise<T> {
    if (isRead && this.controller.signal.aborted) throw this.deadlineError()
    this.begin()
    try {
      return await run(isRead ? this.readSignal(signal) : signal)
    } catch (err) {
      if (isRead && this.controller.signal.aborted) throw this.deadlineError()
      throw err
    } finally {
      this.end()
    }
  }

  private begin(): void {
    if (this.waiting++ === 0) this.startClock()
  }

  /** An answer (or a failure) came: the clock starts again for whatever is still waiting. */
  private end(): void {
    this.waiting--
    this.stopClock()
    if (this.waiting > 0 && !this.controller.signal.aborted) this.startClock()
  }

  private startClock(): void {
    this.since = this.now()
    this.shownAt = 0
    this.deadlineTimer = setTimeout(() => this.controller.abort(), this.opts.deadlineMs)
    this.ticker = setInterval(() => this.tick(), 1000)
    this.ticker.unref()
  }

  private stopClock(): void {
    clearTimeout(this.deadlineTimer)
    clearInterval(this.ticker)
    this.clearLine()
  }

  private tick(): void {
    const waited = this.now() - this.since
    if (waited < QUIET_MS) return
    const text = `staydesk: waiting for the service at ${this.opts.service} (${Math.floor(waited / 1000)} s)…`
    if (this.opts.progress.tty) {
      this.opts.progress.write(`\r${text}\x1b[K`)
      this.lineShown = true
    } else if (this.shownAt === 0 || waited - this.shownAt >= LOG_EVERY_MS) {
      this.opts.progress.write(`${text}\n`)
      this.shownAt = waited
    }
  }

  private clearLine(): void {
    if (!this.lineShown) return
    this.opts.progress.write('\r\x1b[K')
    this.lineShown = false
  }

  private deadlineError(): ApiError {
    const seconds = Math.round(this.opts.deadlineMs / 1000)
    return new ApiError(
      'timeout',
      `The service at ${this.opts.service} did not answer within ${seconds} s, retries ` +
        'included: it is unavailable or overloaded, which is not an error of StayDesk. Try ' +
        'again later, or give --deadline SECONDS to wait longer.'
    )
  }
}
