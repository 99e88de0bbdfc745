import { createServer, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, resolve, sep } from 'node:path'
import type { AddressInfo } from 'node:net'

/**
 * Serves the built renderer over loopback HTTP. Chromium refuses ES module scripts from
 * file:// pages, so the e2e run needs an origin; the page's own meta CSP stays in force (no CSP
 * header is added, so what is tested is exactly what ships in index.html).
 */

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.map': 'application/json; charset=utf-8'
}

export interface StaticServer {
  /** Origin such as `http://127.0.0.1:PORT`. */
  origin: string
  /** The page the app window loads. */
  entryUrl: string
  close(): Promise<void>
}

export async function serveRenderer(rootDir: string): Promise<StaticServer> {
  const root = resolve(rootDir)
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const file = normalize(join(root, path === '/' ? 'index.html' : path))
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end()
      return
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, {
          'content-type': MIME[extname(file)] ?? 'application/octet-stream',
          'cache-control': 'no-store'
        })
        res.end(body)
      },
      () => res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    )
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    origin,
    entryUrl: `${origin}/index.html`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      })
  }
}
