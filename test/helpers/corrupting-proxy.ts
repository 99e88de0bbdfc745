import { createServer, request, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * An HTTP proxy on 127.0.0.1:0 in front of the sandbox that can rewrite JSON answers, so tests
 * can feed the client records the sandbox itself would never send (checklist section 6). The
 * sandbox's absolute Link headers are rewritten to the proxy's origin, so paging stays on it.
 */

/** Returns the replacement body for `path`, or undefined to pass the answer through untouched. */
type Rewrite = (path: string, body: unknown) => unknown

export interface CorruptingProxy {
  url: string
  /** Every request path (no query) in arrival order. */
  paths: string[]
  /** Sets (or with null, removes) the rewrite applied to 2xx JSON answers. */
  setRewrite(rewrite: Rewrite | null): void
  /** Answers the proxy changed so far. */
  rewritten(): number
  close(): Promise<void>
}

export async function startCorruptingProxy(target: string): Promise<CorruptingProxy> {
  const upstream = new URL(target)
  let rewrite: Rewrite | null = null
  let changed = 0
  const paths: string[] = []
  const sockets = new Set<Socket>()
  let origin = ''

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    paths.push(path)
    const headers: IncomingHttpHeaders = { ...req.headers, host: upstream.host }
    // Identity bodies only, so an answer can be read and rewritten.
    delete headers['accept-encoding']
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers
      },
      (up) => {
        const chunks: Buffer[] = []
        up.on('data', (c: Buffer) => chunks.push(c))
        up.on('error', () => res.destroy())
        up.on('end', () => {
          let body: Buffer = Buffer.concat(chunks)
          const status = up.statusCode ?? 502
          const isJson = /json/.test(String(up.headers['content-type'] ?? ''))
          if (rewrite && status >= 200 && status < 300 && isJson) {
            const replaced = rewrite(path, JSON.parse(body.toString('utf8')))
            if (replaced !== undefined) {
              body = Buffer.from(JSON.stringify(replaced), 'utf8')
              changed++
            }
          }
          const headersOut: Record<string, string | string[]> = {}
          for (const [name, value] of Object.entries(up.headers)) {
            if (value === undefined || name === 'content-length' || name === 'connection') continue
            if (name === 'transfer-encoding' || name === 'keep-alive') continue
            headersOut[name] =
              typeof value === 'string' ? value.split(upstream.origin).join(origin) : value
          }
          headersOut['content-length'] = String(body.length)
          res.writeHead(status, headersOut)
          res.end(body)
        })
      }
    )
    out.on('error', () => res.destroy())
    req.pipe(out)
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: origin,
    paths,
    setRewrite(next) {
      rewrite = next
    },
    rewritten: () => changed,
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
