import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Caller, SandboxStore } from '../types'
import { authenticate } from './auth'
import type { Route, SandboxContext } from './context'
import { HttpError, notFound, toHttpError } from './errors'
import { Faults, NO_FAULT, type FaultDecision, type FaultOptions } from './faults'
import { PageCache } from './page-cache'
import { acceptsGzip, encode, errorReply, json, type Reply, type WireReply } from './respond'
import { createRouter } from './router'
import { assetRoutes } from './routes-assets'
import { availabilityRoutes } from './routes-availability'
import { bookingRoutes } from './routes-bookings'
import { listingRoutes } from './routes-listings'
import { rateRoutes } from './routes-rates'
import { serializers } from './serialize'

export interface SandboxServerOptions {
  store: SandboxStore
  callers: readonly Caller[]
  host?: string
  port?: number
  faults?: FaultOptions | null
  /** Where internal errors are reported (never with request bodies). */
  log?: (message: string) => void
}

export interface SandboxServer {
  url: string
  port: number
  context: SandboxContext
  setFaults(faults: FaultOptions | null): void
  close(): Promise<void>
}

const ROUTES: Route[] = [
  ...listingRoutes,
  ...availabilityRoutes,
  ...rateRoutes,
  ...bookingRoutes,
  ...assetRoutes
]

/** The sandbox's HTTP face: routing, auth, errors, gzip, the Date clock and injected faults. */
export async function startSandboxServer(options: SandboxServerOptions): Promise<SandboxServer> {
  const { store, callers } = options
  const log = options.log ?? ((message: string) => console.error(message))
  const faults = new Faults(options.faults ?? null)
  const route = createRouter(ROUTES)
  const server = createServer()
  // Longer than clients keep an idle connection (undici: 4 s), so the client always lets go
  // first: a server closing an idle socket just as a POST goes out on it resets that POST, and
  // a POST is never retried.
  server.keepAliveTimeout = 30_000
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  // A wildcard bind still needs a concrete origin for Link headers and URLs in bodies.
  const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host
  const origin = `http://${publicHost.includes(':') ? `[${publicHost}]` : publicHost}:${port}`
  const context: SandboxContext = {
    store,
    origin,
    pages: new PageCache(),
    serialize: serializers(store, origin)
  }

  async function handle(req: IncomingMessage): Promise<Reply> {
    const path = pathOf(req.url ?? '/')
    const match = route(req.method ?? 'GET', path)
    if (match.kind === 'none') throw notFound(`no route for ${req.method} ${path}`)
    if (match.kind === 'method') {
      throw new HttpError(405, `method ${req.method} not allowed on ${path}`, {
        Allow: match.allowed.join(', ')
      })
    }
    const caller = match.route.public ? undefined : authenticate(req, callers)
    return match.route.handler({ ctx: context, req, params: match.params, caller })
  }

  async function respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = pathOf(req.url ?? '/')
    if (!hostAllowed(req.headers.host, port)) {
      // Before anything else, faults included: a page of another site must get nothing.
      return send(
        res,
        await encode(
          errorReply(new HttpError(421, 'this sandbox answers only to its own address')),
          false
        ),
        NO_FAULT
      )
    }
    let fault = faults.decide(req.method ?? 'GET', path)
    if (fault.kind === 'hold') {
      await faults.released
      fault = NO_FAULT
    }
    if (fault.latencyMs > 0) await sleep(fault.latencyMs)
    if (fault.kind === 'drop') return void req.socket.destroy()
    let reply = fault.kind ? faultReply(fault) : undefined
    if (!reply) {
      try {
        reply = await handle(req)
      } catch (error) {
        const known = toHttpError(error)
        if (!known) log(`sandbox: internal error on ${req.method} ${path}: ${describe(error)}`)
        reply = errorReply(known ?? new HttpError(500, 'internal error'))
      }
    }
    // The store has applied the write; the answer that reaches the client says it failed.
    if (fault.kind === 'commitThen5xx') reply = serverError(fault.status)
    const wire = await encode(reply, acceptsGzip(req))
    wire.headers['Date'] = new Date(store.now()).toUTCString()
    send(res, wire, fault, reply.afterSend)
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    respond(req, res).catch((error: unknown) => {
      log(`sandbox: could not answer ${req.method} ${pathOf(req.url ?? '/')}: ${describe(error)}`)
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' })
      res.end('{"message":"internal error"}')
    })
  })

  return {
    url: origin,
    port,
    context,
    setFaults: (f) => faults.set(f),
    close: () =>
      new Promise<void>((resolve) => {
        // Held requests go on and find their sockets closed, rather than waiting forever.
        faults.set(null)
        server.close(() => resolve())
        // Keep-alive and in-flight sockets would hold close() open for seconds otherwise.
        server.closeAllConnections()
      })
  }
}

/** `flushed` runs once the whole body is with the kernel, so work it starts cannot slow the send. */
function send(
  res: ServerResponse,
  wire: WireReply,
  fault: FaultDecision,
  flushed?: () => void
): void {
  if (fault.kind === 'commitThenDrop') return void res.socket?.destroy()
  res.writeHead(wire.status, wire.headers)
  if (fault.kind === 'truncate') {
    // Headers promise the whole body; half arrives, then the connection dies.
    res.write(wire.body.subarray(0, Math.floor(wire.body.length / 2)), () => res.socket?.destroy())
    return
  }
  res.end(wire.body, flushed)
}

function faultReply(fault: FaultDecision): Reply | undefined {
  switch (fault.kind) {
    case '5xx':
      return serverError(fault.status)
    case '429':
      return {
        ...json({ message: 'injected fault: too many requests' }),
        status: 429,
        headers: { 'Retry-After': String(fault.retryAfterSeconds) }
      }
    case 'garbage':
      return html(200, 'Scheduled maintenance')
    default:
      return undefined
  }
}

/** A 500 or 503 in the service's JSON error shape; a 502 as the gateway's HTML page. */
function serverError(status: number): Reply {
  if (status === 502) return html(502, 'Bad Gateway')
  return { ...json({ message: `injected fault: ${status}` }), status }
}

/** What gateways send: an HTML page, where a client expects JSON. */
function html(status: number, title: string): Reply {
  const body = `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>\n`
  return { status, contentType: 'text/html; charset=utf-8', body: Buffer.from(body, 'utf8') }
}

/**
 * DNS rebinding: a web page can point a name it controls at 127.0.0.1 and then talk to this
 * port with the demo token, which is public. Its requests carry that name in Host; the app,
 * the CLI and tests use the sandbox's address itself. So only an IP literal or `localhost`,
 * with this server's port, is answered.
 */
export function hostAllowed(host: string | undefined, port: number): boolean {
  if (!host) return false
  const m = /^(\[[0-9a-f:.]+\]|[0-9.]+|localhost):(\d+)$/i.exec(host.trim())
  if (!m || Number(m[2]) !== port) return false
  const name = m[1].toLowerCase()
  if (name === 'localhost' || name.startsWith('[')) return true
  return /^(\d{1,3}\.){3}\d{1,3}$/.test(name)
}

/** The path without query; segments are decoded by the router, so `%2F` stays inside one. */
function pathOf(url: string): string {
  return url.split('?')[0]
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error)
}
