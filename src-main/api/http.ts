import { pipeline } from 'node:stream'
import { promisify } from 'node:util'
import { createGunzip, gunzip, gunzipSync } from 'node:zlib'
import { isMainThread } from 'node:worker_threads'
import { request } from 'undici'
import { ServiceError } from '@shared/api'
import { defaultNetwork, type Connection, type Network, type Timeouts } from '../net'
import { splitJsonArray } from './json-items'
import { ApiError, DEFAULT_MESSAGES, errorForStatus, hubWriteError, type Reconcile } from './errors'
import { cardSecrets, redactText } from './redact'
import { abortedError, parseRetryAfter } from './retry'
import { timeoutError, transportError, unverifiedOr } from './transport-errors'

/**
 * One request, start to parsed JSON, with every failure turned into an ApiError. Retries live
 * a level up (retry.ts) so that this stays the same for reads and writes.
 */

export type { Timeouts }

/** Explicit values: undici's own defaults are 300 s, far too long for someone waiting. */
export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, headersMs: 15_000, bodyMs: 30_000 }

/** Larger bodies are refused rather than buffered; a full availability page is about 15 MB. */
const MAX_BODY_BYTES = 256 * 1024 * 1024
/** Error bodies only need the `{message}`. */
const MAX_ERROR_BODY_BYTES = 64 * 1024
/** Measured: async gunzip with the default 16 KiB chunk is 5x slower than with 1 MiB. */
const gunzipAsync = promisify(gunzip)
const GUNZIP_OPTIONS = { chunkSize: 1024 * 1024, maxOutputLength: MAX_BODY_BYTES }

export interface HttpResponse {
  status: number
  url: string
  body: unknown
  /**
   * With `listItems`, when the body is a JSON array: its elements' bytes, unparsed (`body` is
   * then undefined). Each is parsed by the caller with parseRecord (json-items.ts).
   */
  items?: Buffer[]
  /**
   * With `stream`: the body's bytes as they arrive, decompressed (`body` is then undefined).
   * A connection lost mid-way throws from the iteration, as an ApiError.
   */
  stream?: AsyncIterable<Buffer>
  /** With `stream`: lets the connection go without reading the body. */
  cancel?: () => void
  /** Epoch ms from the `Date` header, else the local clock. */
  serverTime: number
  header(name: string): string | undefined
}

/** For writes: how to word an unknown outcome and what the agent can look up. */
export interface WriteInfo {
  reconcile?: Reconcile
  unknownMessage: string
  unverifiedMessage: string
}

interface SendOptions {
  method: 'GET' | 'POST' | 'PATCH'
  url: string
  body?: unknown
  signal?: AbortSignal
  /** Set for every non-GET: failures after sending become outcome-unknown, never "failed". */
  write?: WriteInfo
  /** The spec shows no body for some answers (PATCH): any or no body is then accepted. */
  anyBody?: boolean
  /** A page of records: return an array body as its elements' bytes (`items`), see json-items.ts. */
  listItems?: boolean
  /**
   * A GET whose body may be far larger than MAX_BODY_BYTES (a team hub's snapshot): returned
   * unread as `stream`, without the whole-body deadline; undici's idle timeout still applies.
   */
  stream?: boolean
  /** Extra request headers (a team hub's X-StayDesk-Confirm); never the Authorization header. */
  headers?: Record<string, string>
}

export interface Transport {
  origin: string
  send(opts: SendOptions): Promise<HttpResponse>
  close(): Promise<void>
}

export type LogFn = (line: string) => void

export function createTransport(
  origin: string,
  token: string,
  timeouts: Timeouts,
  log?: LogFn,
  network: Network = defaultNetwork()
): Transport {
  // One dispatcher per client: profiles never share connections, so a socket opened with one
  // profile's token can never carry another profile's request. It is made on the first
  // request, when the system is asked which proxy to use, so a changed proxy setting applies
  // to the next client.
  let opening: Promise<Connection> | undefined
  const connect = (): Promise<Connection> => (opening ??= network.connect(origin, timeouts))
  const say = (line: string): void => log?.(redactText(line, [token]))

  async function send(opts: SendOptions): Promise<HttpResponse> {
    const { method, url, signal, write } = opts
    if (new URL(url).origin !== origin) {
      throw new ApiError(
        'bad-response',
        'StayDesk refused to send the access token to another address.'
      )
    }
    const started = Date.now()
    const path = new URL(url).pathname
    const headers: Record<string, string> = {
      ...opts.headers,
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'accept-encoding': 'gzip',
      'user-agent': 'StayDesk'
    }
    let payload: string | undefined
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(opts.body)
    }
    if (signal?.aborted) throw abortedError()

    let connection: Connection
    try {
      connection = await connect()
    } catch (err) {
      // A proxy setting StayDesk can't use: nothing was sent.
      if (err instanceof ApiError)
        say(`${method} ${path} not sent: ${err.code} ${err.detail ?? ''}`)
      throw err
    }
    const { dispatcher, route } = connection
    let res: Awaited<ReturnType<typeof request>>
    try {
      res = await request(url, { dispatcher, method, headers, body: payload, signal })
    } catch (err) {
      const apiErr = transportError(err, signal, write, false, route)
      say(
        `${method} ${path} failed: ${apiErr.code} ${apiErr.detail ?? ''} ${Date.now() - started}ms`
      )
      throw apiErr
    }

    const header = (name: string): string | undefined => {
      const v = res.headers[name.toLowerCase()]
      return Array.isArray(v) ? v.join(', ') : v
    }
    const ok = res.statusCode >= 200 && res.statusCode < 300

    if (!ok) {
      const text = await readText(res.body, header('content-encoding'), MAX_ERROR_BODY_BYTES).catch(
        () => ''
      )
      const json = safeJson(text)
      const parsed = ServiceError.safeParse(json)
      const secrets = [token, ...cardSecrets(opts.body)]
      const serviceMessage = parsed.success ? redactText(parsed.data.message, secrets) : undefined
      const apiErr =
        (write && serviceMessage !== undefined
          ? hubWriteError(res.statusCode, json, serviceMessage)
          : undefined) ??
        errorForStatus(res.statusCode, serviceMessage, parseRetryAfter(header('retry-after')))
      say(`${method} ${path} -> ${res.statusCode} ${Date.now() - started}ms`)
      throw apiErr
    }

    const date = Date.parse(header('date') ?? '')
    const serverTime = Number.isNaN(date) ? Date.now() : date
    if (opts.stream) {
      say(`${method} ${path} -> ${res.statusCode} streaming ${Date.now() - started}ms`)
      const fail = (err: unknown): ApiError => {
        const apiErr =
          err instanceof ApiError ? err : transportError(err, signal, write, true, route)
        say(`${method} ${path} -> ${res.statusCode} stream failed: ${apiErr.code}`)
        return apiErr
      }
      const stream = streamBody(res.body, header('content-encoding'), fail)
      const cancel = () => void res.body.destroy()
      return { status: res.statusCode, url, body: undefined, stream, cancel, serverTime, header }
    }

    // A body that stalls as a whole (a slow drip resets undici's idle timer) is cut off too.
    let deadlineHit = false
    const deadline = setTimeout(() => {
      deadlineHit = true
      res.body.destroy(new Error('body deadline'))
    }, timeouts.bodyMs)
    let bytes: Buffer
    try {
      bytes = await readBytes(res.body, header('content-encoding'), MAX_BODY_BYTES)
    } catch (err) {
      const apiErr =
        err instanceof ApiError
          ? unverifiedOr(err, write)
          : deadlineHit
            ? unverifiedOr(timeoutError('body deadline'), write)
            : transportError(err, signal, write, true, route)
      say(
        `${method} ${path} -> ${res.statusCode} body failed: ${apiErr.code} ${apiErr.detail ?? ''}`
      )
      throw apiErr
    } finally {
      clearTimeout(deadline)
    }

    const split = opts.listItems ? splitJsonArray(bytes) : 'not-an-array'
    const items = typeof split === 'object' ? split.items : undefined
    const body =
      split !== 'not-an-array'
        ? undefined
        : opts.anyBody
          ? (safeJson(bytes.toString('utf8')) ?? null)
          : safeJson(bytes.toString('utf8'))
    if (body === undefined && items === undefined) {
      say(`${method} ${path} -> ${res.statusCode} body is not JSON`)
      throw unverifiedOr(
        new ApiError('bad-response', `${DEFAULT_MESSAGES['bad-response']} It was not JSON.`, {
          status: res.statusCode
        }),
        write
      )
    }
    say(`${method} ${path} -> ${res.statusCode} ${bytes.length}B ${Date.now() - started}ms`)
    return { status: res.statusCode, url, body, ...(items && { items }), serverTime, header }
  }

  const close = async (): Promise<void> => {
    const opened = await opening?.catch(() => undefined)
    await opened?.dispatcher.close()
  }
  return { origin, send, close }
}

async function readText(
  body: AsyncIterable<Buffer> & { destroy(err?: Error): unknown },
  encoding: string | undefined,
  limit: number
): Promise<string> {
  return (await readBytes(body, encoding, limit)).toString('utf8')
}

/** The body, decompressed; refused past `limit` bytes. */
async function readBytes(
  body: AsyncIterable<Buffer> & { destroy(err?: Error): unknown },
  encoding: string | undefined,
  limit: number
): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += chunk.length
    if (size > limit) {
      body.destroy()
      throw new ApiError('bad-response', 'The service sent an answer that is too large to read.')
    }
    chunks.push(chunk)
  }
  let buf = Buffer.concat(chunks)
  const coding = (encoding ?? 'identity').trim().toLowerCase()
  if (coding === 'gzip' || coding === 'x-gzip') {
    try {
      // Off the main thread, decompress right here: async zlib runs on libuv's pool, which the
      // whole process shares at normal priority, so a sync's 50 pages of gunzip would compete
      // with the thread that drives the window. On the main thread, never block.
      buf = isMainThread ? await gunzipAsync(buf, GUNZIP_OPTIONS) : gunzipSync(buf, GUNZIP_OPTIONS)
    } catch {
      throw new ApiError('bad-response', `${DEFAULT_MESSAGES['bad-response']} It was damaged.`, {
        detail: 'gunzip'
      })
    }
  } else if (coding !== 'identity' && coding !== '') {
    throw new ApiError('bad-response', `${DEFAULT_MESSAGES['bad-response']} Unknown encoding.`)
  }
  return buf
}

type Body = AsyncIterable<Buffer> & NodeJS.ReadableStream & { destroy(err?: Error): unknown }

/** A body's bytes as they come, gunzipped when so encoded; its failures as `fail` words them. */
async function* streamBody(
  body: Body,
  encoding: string | undefined,
  fail: (err: unknown) => ApiError
): AsyncGenerator<Buffer> {
  const coding = (encoding ?? 'identity').trim().toLowerCase()
  let source: AsyncIterable<Buffer> = body
  if (coding === 'gzip' || coding === 'x-gzip') {
    const gunzipped = createGunzip({ chunkSize: GUNZIP_OPTIONS.chunkSize })
    pipeline(body, gunzipped, () => {}) // an error reaches the iteration below through gunzipped
    source = gunzipped
  } else if (coding !== 'identity' && coding !== '') {
    body.destroy()
    throw new ApiError('bad-response', `${DEFAULT_MESSAGES['bad-response']} Unknown encoding.`)
  }
  try {
    for await (const chunk of source) yield chunk
  } catch (err) {
    throw fail(err)
  } finally {
    // A reader that stops early (an abort, a record that fails) lets the connection go.
    body.destroy()
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch {
    return undefined
  }
}
