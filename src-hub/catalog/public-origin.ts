/**
 * The hub's own address as a desk reached it, for the `Link` headers of its pages: a desk's
 * client follows a next link only to the origin it was given (src-main/api/link.ts), so the
 * link must name the address the desk used. That is the request's own Host and scheme, or,
 * behind a TLS-terminating proxy and only when the hub was told to trust it (`--trust-proxy`),
 * X-Forwarded-Proto and X-Forwarded-Host: without that switch anyone could make the hub write
 * links to another host.
 */
const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/

export function publicOrigin(
  requestUrl: string,
  headers: { get(name: string): string | null | undefined },
  trustProxy: boolean
): string {
  const url = new URL(requestUrl)
  let proto = url.protocol.replace(/:$/, '')
  let host = url.host
  if (trustProxy) {
    // The first value is the one the client's proxy added, the nearest to the desk.
    const first = (name: string) => headers.get(name)?.split(',')[0]?.trim().toLowerCase()
    const forwardedProto = first('x-forwarded-proto')
    const forwardedHost = first('x-forwarded-host')
    if (forwardedProto === 'http' || forwardedProto === 'https') proto = forwardedProto
    if (forwardedHost && HOST.test(forwardedHost)) host = forwardedHost
  }
  return `${proto}://${host}`
}
