import { ApiError } from '../api/errors'

/**
 * Chromium's answer to "which proxy for this URL" (Electron's `session.resolveProxy`), as a
 * route. The answer is PAC-style: entries separated by ";", tried in order, each `DIRECT` or a
 * keyword and `host:port` (`PROXY h:p; DIRECT`). StayDesk takes the first entry it can use.
 *
 * SOCKS (and QUIC) entries are skipped, not used: undici speaks HTTP CONNECT to HTTP and HTTPS
 * proxies, which is what corporate networks run. When an answer holds nothing else, StayDesk
 * refuses with a sentence naming the proxy rather than connecting directly: Chromium falls back
 * to a direct connection only when the answer lists DIRECT, and going around a proxy the
 * network's administrator configured would either be blocked or break its policy.
 */

export interface ProxyAddress {
  /** `http:` (plain CONNECT) or `https:` (CONNECT inside TLS to the proxy). */
  protocol: 'http:' | 'https:'
  /** As it goes in a URL: IPv6 addresses keep their brackets. */
  host: string
  port: number
}

export type PacEntry =
  { kind: 'direct' } | ({ kind: 'proxy' } & ProxyAddress) | { kind: 'unsupported'; text: string }

const DEFAULT_PORT = { 'http:': 80, 'https:': 443 } as const
const KEYWORDS: Record<string, ProxyAddress['protocol']> = {
  PROXY: 'http:',
  HTTP: 'http:',
  HTTPS: 'https:'
}

/** Every entry of a PAC answer, in order; an empty answer is DIRECT, as in Chromium. */
export function parsePac(answer: string): PacEntry[] {
  const parts = answer
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)
  if (parts.length === 0) return [{ kind: 'direct' }]
  return parts.map(parseEntry)
}

function parseEntry(text: string): PacEntry {
  const [keyword, target, ...rest] = text.split(/\s+/)
  const word = keyword.toUpperCase()
  if (word === 'DIRECT' && target === undefined) return { kind: 'direct' }
  const protocol = KEYWORDS[word]
  if (!protocol || target === undefined || rest.length > 0) return { kind: 'unsupported', text }
  const m = /^(\[[0-9a-fA-F:.]+\]|[^\s:[\]/]+)(?::(\d{1,5}))?$/.exec(target)
  const port = m?.[2] === undefined ? DEFAULT_PORT[protocol] : Number(m[2])
  if (!m || port < 1 || port > 65535) return { kind: 'unsupported', text }
  return { kind: 'proxy', protocol, host: m[1].toLowerCase(), port }
}

/**
 * The first usable entry: DIRECT (undefined) or a proxy. An answer that names only proxies
 * StayDesk can't use is refused with a sentence an IT team can act on; `target` is the host
 * the request was for.
 */
export function proxyFromPac(answer: string, target: string): ProxyAddress | undefined {
  const entries = parsePac(answer)
  for (const entry of entries) {
    if (entry.kind === 'direct') return undefined
    if (entry.kind === 'proxy') {
      const { protocol, host, port } = entry
      return { protocol, host, port }
    }
  }
  const named = entries.map((e) => (e.kind === 'unsupported' ? e.text : '')).join('; ')
  throw new ApiError(
    'offline',
    `This computer's proxy settings send ${target} through "${named}", a kind of proxy ` +
      'StayDesk cannot use (it works with HTTP and HTTPS proxies). Ask your IT team for an ' +
      'HTTP proxy or a direct connection to this address.',
    { detail: 'PAC_UNSUPPORTED', permanent: true, localNetwork: true }
  )
}
