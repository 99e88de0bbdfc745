import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http'
import {
  connect,
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
  type Socket
} from 'node:net'
import { join } from 'node:path'
import { createServer as createTlsServer } from 'node:tls'
import { tempDir } from '../../helpers/sync-fixtures'
import { recordingProxy } from '../main/app-fixtures'

/**
 * The pieces of a corporate network, on loopback: a certificate authority made with openssl (as
 * an organisation's own root), a TLS front signed by it in front of a real service, and an HTTP
 * CONNECT proxy that records every tunnel it is asked for.
 */

export interface TestCa {
  dir: string
  /** The root's PEM, and the file holding it (for NODE_EXTRA_CA_CERTS). */
  caPem: string
  caFile: string
  /** A server certificate for 127.0.0.1 and localhost, signed by the root. */
  key: string
  cert: string
}

const OPENSSL = '/usr/bin/openssl'

export function makeCa(): TestCa {
  const dir = tempDir('staydesk-ca-')
  const at = (name: string) => join(dir, name)
  const openssl = (...args: string[]) => execFileSync(OPENSSL, args, { stdio: 'pipe' })
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=StayDesk Test Inspection Root',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign'
  )
  openssl(
    'req',
    ...ec,
    '-keyout',
    at('server.key'),
    '-out',
    at('server.csr'),
    '-subj',
    '/CN=localhost'
  )
  writeFileSync(
    at('server.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n' +
      'keyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n'
  )
  openssl(
    'x509',
    '-req',
    '-in',
    at('server.csr'),
    '-CA',
    at('ca.pem'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-out',
    at('server.pem'),
    '-days',
    '2',
    '-extfile',
    at('server.ext')
  )
  return {
    dir,
    caPem: readFileSync(at('ca.pem'), 'utf8'),
    caFile: at('ca.pem'),
    key: readFileSync(at('server.key'), 'utf8'),
    cert: readFileSync(at('server.pem'), 'utf8')
  }
}

export interface TlsFront {
  /** https://127.0.0.1:PORT */
  url: string
  port: number
  /** TCP connections accepted (one per attempt, refused handshakes included). */
  connections: number
  /** Requests that arrived over a completed handshake. */
  readonly requests: number
  close(): Promise<void>
}

/**
 * TLS signed by the test root in front of a plain-http service (the sandbox): each connection's
 * decrypted bytes go to a recording proxy that passes requests on with the service's own Host.
 */
export async function startTlsFront(ca: TestCa, upstream: string): Promise<TlsFront> {
  const inner = await recordingProxy(upstream)
  const innerPort = Number(new URL(inner.url).port)
  const sockets = new Set<Socket>()
  const server = createTlsServer({ key: ca.key, cert: ca.cert }, (tls) => {
    const out = connect(innerPort, '127.0.0.1')
    track(sockets, out)
    tls.on('error', () => out.destroy())
    out.on('error', () => tls.destroy())
    tls.pipe(out).pipe(tls)
  })
  const front: TlsFront = {
    url: '',
    port: 0,
    connections: 0,
    get requests() {
      return inner.requests.length
    },
    close: async () => {
      await closeServer(server, sockets)
      await inner.close()
    }
  }
  server.on('connection', (s: Socket) => {
    front.connections++
    track(sockets, s)
  })
  server.on('tlsClientError', () => undefined)
  front.port = await listen(server)
  front.url = `https://127.0.0.1:${front.port}`
  return front
}

export interface ConnectProxy {
  /** PROXY 127.0.0.1:PORT, as the system's resolver would answer. */
  pac: string
  url: string
  port: number
  /** Each CONNECT's target, `host:port`, in order. */
  connects: string[]
  /**
   * Requests sent to the proxy as plain http, `METHOD absolute-URL` (undici tunnels http
   * targets too, with CONNECT, unless a ProxyAgent is made with `proxyTunnel: false`).
   */
  plain: string[]
  /** How many tunnels and plain requests were for `host:port`, the two forms together. */
  carried(target: string): number
  close(): Promise<void>
}

/**
 * A forward proxy that tunnels CONNECT to its target and passes plain (absolute-form) http
 * requests on, or refuses every one with `refuse` (407 asks for a sign-in, as an
 * authenticating corporate proxy does). `routes` stands for the network behind the proxy: a
 * target (`host:port`) named there is reached at the address it maps to instead, so a test can
 * give the service an address that only the proxy can reach.
 */
export async function startConnectProxy(
  refuse?: number,
  routes: Readonly<Record<string, string>> = {}
): Promise<ConnectProxy> {
  const sockets = new Set<Socket>()
  const server: Server = createHttpServer((req, res) => {
    proxy.plain.push(`${req.method} ${req.url}`)
    const url = URL.canParse(req.url ?? '') ? new URL(req.url!) : undefined
    if (refuse !== undefined || url?.protocol !== 'http:') {
      res.writeHead(refuse ?? 400).end()
      return
    }
    const [host, port] = splitHostPort(routed(`${url.hostname}:${url.port || 80}`))
    const out = httpRequest(
      { host, port, method: req.method, path: url.pathname + url.search, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    out.on('error', () => res.destroy())
    req.pipe(out)
  })
  const routed = (target: string) => routes[target] ?? target
  const proxy: ConnectProxy = {
    pac: '',
    url: '',
    port: 0,
    connects: [],
    plain: [],
    carried: (target) =>
      proxy.connects.filter((t) => t === target).length +
      proxy.plain.filter((p) => {
        const url = new URL(p.slice(p.indexOf(' ') + 1))
        return `${url.hostname}:${url.port || 80}` === target
      }).length,
    close: () => closeServer(server, sockets)
  }
  server.on('connection', (s: Socket) => track(sockets, s))
  server.on('connect', (req, client: Socket, head: Buffer) => {
    proxy.connects.push(req.url ?? '')
    client.on('error', () => undefined)
    if (refuse !== undefined) {
      const auth = refuse === 407 ? 'Proxy-Authenticate: Basic realm="corp"\r\n' : ''
      client.end(`HTTP/1.1 ${refuse} Refused\r\n${auth}Content-Length: 0\r\n\r\n`)
      return
    }
    const [host, port] = splitHostPort(routed(req.url ?? ''))
    const out = connect(port, host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length) out.write(head)
      out.pipe(client).pipe(out)
    })
    track(sockets, out)
    out.on('error', () => client.destroy())
    client.on('error', () => out.destroy())
  })
  proxy.port = await listen(server)
  proxy.url = `http://127.0.0.1:${proxy.port}`
  proxy.pac = `PROXY 127.0.0.1:${proxy.port}`
  return proxy
}

/** A port nothing listens on: bound, then closed. */
export async function closedPort(): Promise<number> {
  const server = createTcpServer()
  const port = await listen(server)
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Kept until it closes, so that closing a server ends its tunnels too. */
function track(sockets: Set<Socket>, s: Socket): void {
  sockets.add(s)
  s.on('close', () => sockets.delete(s))
}

function splitHostPort(target: string): [string, number] {
  const i = target.lastIndexOf(':')
  return [target.slice(0, i).replace(/^\[|\]$/g, ''), Number(target.slice(i + 1))]
}

async function listen(server: TcpServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return (server.address() as AddressInfo).port
}

function closeServer(server: TcpServer, sockets: Set<Socket>): Promise<void> {
  for (const s of sockets) s.destroy()
  return new Promise<void>((resolve) => server.close(() => resolve()))
}
