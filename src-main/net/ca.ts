import * as tls from 'node:tls'

/**
 * The certificate authorities StayDesk trusts for the service and for proxies: Node's bundled
 * Mozilla roots, NODE_EXTRA_CA_CERTS (Node reads that file itself into its default list), the
 * operating system's store, and any certificates given by the caller. The system store is what
 * makes a network that inspects HTTPS work: its IT team installs the organisation's root there,
 * and browsers already trust it. Node reads the system store only with --use-system-ca, which
 * an app can't count on, so the list is passed explicitly.
 */

/** The parts of node:tls this reads; `getCACertificates` is Node 22.15+ / 23.10+. */
export interface CaSource {
  rootCertificates: readonly string[]
  getCACertificates?: (type: 'default' | 'system') => string[]
}

/**
 * The PEM certificates to trust, or undefined for Node's defaults (a runtime without
 * getCACertificates and no extra certificates: Node's own list then includes
 * NODE_EXTRA_CA_CERTS, which an explicit list would drop).
 */
export function trustedCertificates(
  extra: readonly string[] = [],
  source: CaSource = tls
): string[] | undefined {
  const read = source.getCACertificates
  if (typeof read !== 'function') {
    return extra.length === 0 ? undefined : unique([...source.rootCertificates, ...extra])
  }
  const base = read.call(source, 'default')
  let system: string[] = []
  try {
    system = read.call(source, 'system')
  } catch {
    // An unreadable system store leaves the bundled roots, as Node without --use-system-ca.
  }
  return unique([...base, ...system, ...extra])
}

function unique(pems: readonly string[]): string[] {
  return [...new Set(pems.map((p) => p.trim()))]
}

/**
 * Parsing some 300 certificates into a context takes about 10 ms, so it is done once per list
 * and process, not on every TLS connection (tls.connect would rebuild it from `ca` each time).
 */
const contexts = new Map<string, tls.SecureContext | undefined>()

export function trustedContext(extra: readonly string[] = []): tls.SecureContext | undefined {
  const key = extra.join('\n')
  if (!contexts.has(key)) {
    const ca = trustedCertificates(extra)
    contexts.set(key, ca && tls.createSecureContext({ ca }))
  }
  return contexts.get(key)
}
