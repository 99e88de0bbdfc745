import type { SecureContext } from 'node:tls'
import { Agent, EnvHttpProxyAgent, ProxyAgent, type Dispatcher } from 'undici'
import { ApiError } from '../api/errors'
import { trustedContext } from './ca'
import { proxyFromPac, type ProxyAddress } from './pac'

/**
 * How a request reaches the service from this computer: directly or through a proxy, and which
 * certificate authorities are trusted. The app asks Electron's session (the system's proxy
 * settings, PAC scripts included); the command line reads HTTPS_PROXY, HTTP_PROXY and NO_PROXY
 * as curl does. Both trust the system's certificate store (ca.ts).
 */

export interface Timeouts {
  connectMs: number
  headersMs: number
  bodyMs: number
}

/** Electron's `(url) => session.defaultSession.resolveProxy(url)`: "PROXY h:p; DIRECT". */
export type ResolveProxy = (url: string) => Promise<string>

export interface NetworkOptions {
  /** The app: the system's proxy settings, as Chromium resolves them for a URL. */
  resolveProxy?: ResolveProxy
  /**
   * An answer the main process already had from resolveProxy, for a process that can't ask
   * Electron itself (the sync's utility process): used for every address.
   */
  pac?: string
  /**
   * Without resolveProxy or pac: the proxy variables of this environment (default process.env):
   * HTTPS_PROXY for https addresses (else HTTP_PROXY), HTTP_PROXY for http, NO_PROXY for the
   * hosts that bypass them; lower case wins over upper case.
   */
  env?: NodeJS.ProcessEnv
  /** PEM certificates trusted besides the system's and Node's. */
  extraCa?: readonly string[]
}

/** The proxy a request goes through, as error messages name it (never its password). */
export interface ProxyInfo {
  /** host:port */
  name: string
  host: string
  port: number
  /** The environment variable it came from ("HTTPS_PROXY"); none for the system's settings. */
  variable?: string
  secure: boolean
}

export interface Route {
  /** The host the request is for (the service's). */
  target: string
  proxy?: ProxyInfo
  /**
   * True when every connection goes to the proxy. False when NO_PROXY may send this host
   * direct (undici decides per request): a connection failure is then the proxy's only when it
   * was the proxy's address that failed.
   */
  certain: boolean
}

export interface Connection {
  /** Owned by the caller, who closes it: one per API client, so no two share a socket. */
  dispatcher: Dispatcher
  route: Route
}

export interface Network {
  /** A new dispatcher for requests to `url`'s origin, with these timeouts on every request. */
  connect(url: string, timeouts: Timeouts): Promise<Connection>
}

export function createNetwork(opts: NetworkOptions = {}): Network {
  const { pac } = opts
  const resolveProxy = opts.resolveProxy ?? (pac === undefined ? undefined : async () => pac)
  const extraCa = opts.extraCa ?? []
  return {
    async connect(url, timeouts) {
      const target = new URL(url)
      // Reading the system store and building the context takes 80-200 ms once per process:
      // not spent on plain-http connections (the embedded demo on loopback).
      const trust = (...protocols: string[]) =>
        protocols.includes('https:') ? trustedContext(extraCa) : undefined
      if (resolveProxy) {
        const proxy = proxyFromPac(await askSystem(resolveProxy, target), target.host)
        const tlsContext = trust(target.protocol, proxy?.protocol ?? '')
        if (!proxy) return { dispatcher: directAgent(timeouts, tlsContext), route: direct(target) }
        const info = proxyInfo(proxy)
        return {
          dispatcher: new ProxyAgent({
            uri: proxyUri(proxy),
            ...proxyOptions(timeouts, tlsContext)
          }),
          route: { target: target.host, proxy: info, certain: true }
        }
      }
      return envConnection(opts.env ?? process.env, target, timeouts, trust)
    }
  }
}

let processNetwork: Network | undefined

/** What a client uses when given no network: this process's environment variables. */
export function defaultNetwork(): Network {
  processNetwork ??= createNetwork()
  return processNetwork
}

/**
 * A resolver that fails (a PAC script that can't be fetched) leaves a direct connection, as
 * Chromium does when no mandatory PAC is set.
 */
export async function askSystem(resolveProxy: ResolveProxy, target: URL): Promise<string> {
  try {
    return await resolveProxy(`${target.origin}/`)
  } catch {
    return 'DIRECT'
  }
}

function direct(target: URL): Route {
  return { target: target.host, certain: true }
}

/** The client's timeouts on every dispatcher; keep-alive stays undici's (4 s idle). */
function agentOptions(t: Timeouts, tlsContext: SecureContext | undefined): Agent.Options {
  return {
    connect: { timeout: t.connectMs, ...(tlsContext && { secureContext: tlsContext }) },
    headersTimeout: t.headersMs,
    bodyTimeout: t.bodyMs
  }
}

/** ProxyAgent replaces `connect`: the proxy's and the service's TLS each take the same trust. */
function proxyOptions(t: Timeouts, tlsContext: SecureContext | undefined) {
  const tls = { timeout: t.connectMs, ...(tlsContext && { secureContext: tlsContext }) }
  return { headersTimeout: t.headersMs, bodyTimeout: t.bodyMs, proxyTls: tls, requestTls: tls }
}

function directAgent(t: Timeouts, tlsContext: SecureContext | undefined): Agent {
  return new Agent(agentOptions(t, tlsContext))
}

function proxyUri(p: ProxyAddress): string {
  return `${p.protocol}//${p.host}:${p.port}`
}

function proxyInfo(p: ProxyAddress, variable?: string): ProxyInfo {
  return {
    name: `${p.host}:${p.port}`,
    host: p.host.replace(/^\[|\]$/g, ''),
    port: p.port,
    ...(variable && { variable }),
    secure: p.protocol === 'https:'
  }
}

function envConnection(
  env: NodeJS.ProcessEnv,
  target: URL,
  timeouts: Timeouts,
  trust: (...protocols: string[]) => SecureContext | undefined
): Connection {
  // Only the variables this target uses are read, so a bad HTTPS_PROXY does not break a
  // plain-http service: https uses HTTPS_PROXY, else HTTP_PROXY (as undici does); http uses
  // HTTP_PROXY.
  const secureTarget = target.protocol === 'https:'
  const https = secureTarget ? envProxy(env, 'https_proxy', 'HTTPS_PROXY') : undefined
  const http = secureTarget && https ? undefined : envProxy(env, 'http_proxy', 'HTTP_PROXY')
  const tlsContext = trust(target.protocol, ...[http, https].map((p) => p?.protocol ?? ''))
  const noProxy = (env.no_proxy ?? env.NO_PROXY ?? '').trim()
  // undici sends https through HTTP_PROXY when HTTPS_PROXY is unset; so does the message.
  const used = secureTarget ? (https ?? http) : http
  const dispatcher = new EnvHttpProxyAgent({
    ...agentOptions(timeouts, tlsContext),
    ...proxyOptions(timeouts, tlsContext),
    // Explicit values, '' for unset: undici would otherwise read process.env itself.
    httpProxy: http?.uri ?? '',
    httpsProxy: https?.uri ?? '',
    noProxy
  })
  return {
    dispatcher,
    route: {
      target: target.host,
      ...(used && { proxy: used.info }),
      certain: used !== undefined && noProxy === ''
    }
  }
}

/**
 * A proxy variable as a URL. A bare `host:port` (common in corporate set-ups) means http. The
 * value is never repeated in a message: it may hold a password.
 */
function envProxy(
  env: NodeJS.ProcessEnv,
  lower: string,
  upper: string
): { uri: string; protocol: string; info: ProxyInfo } | undefined {
  const name = env[lower] !== undefined ? lower : upper
  const raw = (env[name] ?? '').trim()
  if (!raw) return undefined
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw badProxyVariable(name)
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw badProxyVariable(name)
  }
  const protocol = url.protocol
  const port = url.port ? Number(url.port) : protocol === 'https:' ? 443 : 80
  return {
    uri: url.href,
    protocol,
    info: proxyInfo({ protocol, host: url.hostname, port }, name)
  }
}

function badProxyVariable(name: string): ApiError {
  return new ApiError(
    'bad-input',
    `${name} is not a proxy address StayDesk can use: write it as http://host:port (or ` +
      'http://user:password@host:port for a proxy that asks for a sign-in); SOCKS proxies are ' +
      'not supported.',
    { detail: 'PROXY_ENV_INVALID', permanent: true, localNetwork: true }
  )
}
