import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { gzipSync } from 'node:zlib'

/**
 * An in-process HTTP server on 127.0.0.1:0 whose answers each test scripts, so real sockets
 * see real faults (toxiproxy is not available here). A route answers its scripted steps in
 * order and then repeats the last one; every request is recorded with its headers and body.
 */

interface RecordedRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
}

export type Step =
  | {
      kind: 'reply'
      status: number
      body?: string | Buffer
      headers?: Record<string, string>
    }
  /** Headers after `delayMs`; with `body`, then the body. */
  | { kind: 'slow-headers'; delayMs: number; body?: string }
  /** Headers and the first part at once, the rest after `delayMs`. */
  | { kind: 'slow-body'; delayMs: number; body: string }
  /** Declares the full length, sends `sendBytes`, then closes the socket. */
  | { kind: 'truncate'; body: string; sendBytes: number; headers?: Record<string, string> }
  /** Destroys the socket without answering. */
  | { kind: 'reset' }
  /** Reads the whole request (the "commit"), then destroys the socket without answering. */
  | { kind: 'commit-then-drop' }
  | { kind: 'custom'; handle: (req: IncomingMessage, res: ServerResponse, body: string) => void }

export const reply = {
  json: (value: unknown, status = 200, headers: Record<string, string> = {}): Step => ({
    kind: 'reply',
    status,
    body: JSON.stringify(value),
    headers: { 'content-type': 'application/json', ...headers }
  }),
  status: (status: number, headers: Record<string, string> = {}, message?: string): Step => ({
    kind: 'reply',
    status,
    body: JSON.stringify({ message: message ?? `status ${status}` }),
    headers: { 'content-type': 'application/json', ...headers }
  }),
  gzipJson: (value: unknown, headers: Record<string, string> = {}): Step => ({
    kind: 'reply',
    status: 200,
    body: gzipSync(JSON.stringify(value)),
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', ...headers }
  }),
  html: (status = 200): Step => ({
    kind: 'reply',
    status,
    body: '<!doctype html><html><body>Sign in to the Wi-Fi</body></html>',
    headers: { 'content-type': 'text/html' }
  }),
  redirect: (location: string, status = 302): Step => ({
    kind: 'reply',
    status,
    body: '',
    headers: { location }
  }),
  slowHeaders: (delayMs: number, body = '[]'): Step => ({ kind: 'slow-headers', delayMs, body }),
  slowBody: (delayMs: number, body = '[1,2,3]'): Step => ({ kind: 'slow-body', delayMs, body }),
  truncate: (value: unknown, sendBytes = 10): Step => ({
    kind: 'truncate',
    body: JSON.stringify(value),
    sendBytes
  }),
  reset: (): Step => ({ kind: 'reset' }),
  commitThenDrop: (): Step => ({ kind: 'commit-then-drop' }),
  custom: (handle: (req: IncomingMessage, res: ServerResponse, body: string) => void): Step => ({
    kind: 'custom',
    handle
  })
}

export interface FaultServer {
  url: string
  port: number
  requests: RecordedRequest[]
  /** Scripts `METHOD path` (path without query). Replaces an earlier script for the route. */
  route(method: string, path: string, ...steps: Step[]): void
  hits(method: string, path: string): number
  close(): Promise<void>
}

export async function startFaultServer(): Promise<FaultServer> {
  const routes = new Map<string, { steps: Step[]; next: number }>()
  const requests: RecordedRequest[] = []
  const sockets = new Set<Socket>()
  const timers = new Set<NodeJS.Timeout>()
  const later = (ms: number, fn: () => void): void => {
    const t = setTimeout(() => {
      timers.delete(t)
      fn()
    }, ms)
    timers.add(t)
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const path = (req.url ?? '/').split('?')[0]
      const method = req.method ?? 'GET'
      requests.push({ method, path, headers: req.headers, body })
      const script = routes.get(`${method} ${path}`)
      if (!script) {
        res.writeHead(404, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ message: 'no such route' }))
        return
      }
      const step = script.steps[Math.min(script.next, script.steps.length - 1)]
      script.next++
      play(step, req, res, body)
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })

  function play(step: Step, req: IncomingMessage, res: ServerResponse, body: string): void {
    switch (step.kind) {
      case 'reply':
        res.writeHead(step.status, step.headers)
        res.end(step.body)
        return
      case 'slow-headers':
        later(step.delayMs, () => {
          if (res.destroyed) return
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(step.body)
        })
        return
      case 'slow-body': {
        const half = Math.floor(step.body.length / 2)
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(step.body))
        })
        res.write(step.body.slice(0, half))
        later(step.delayMs, () => {
          if (!res.destroyed) res.end(step.body.slice(half))
        })
        return
      }
      case 'truncate':
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(step.body)),
          ...step.headers
        })
        res.write(step.body.slice(0, step.sendBytes))
        later(20, () => req.socket.destroy())
        return
      case 'reset':
      case 'commit-then-drop':
        // The request body has been read in full by now, so the server did "commit".
        req.socket.destroy()
        return
      case 'custom':
        step.handle(req, res, body)
        return
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    route(method, path, ...steps) {
      if (steps.length === 0) throw new Error('a route needs at least one step')
      routes.set(`${method} ${path}`, { steps, next: 0 })
    },
    hits: (method, path) => requests.filter((r) => r.method === method && r.path === path).length,
    async close() {
      for (const t of timers) clearTimeout(t)
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
