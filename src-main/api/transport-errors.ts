import type { ProxyInfo, Route } from '../net'
import { ApiError, DEFAULT_MESSAGES } from './errors'
import type { WriteInfo } from './http'
import { abortedError } from './retry'

/** What undici throws, mapped to codes; kept apart from http.ts so the mapping reads as a table. */

/** Errors raised before anything went on the wire: a write is safe to try again by hand. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'UND_ERR_CONNECT_TIMEOUT'
])
const TLS_CODE = /^(CERT_|ERR_TLS_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_)/
/** undici's wrapper for a proxy whose own certificate names another host. */
const PROXY_TLS = 'UND_ERR_PRX_TLS'

export function unverifiedOr(err: ApiError, write: WriteInfo | undefined): ApiError {
  if (!write) return err
  return new ApiError('bad-response', write.unverifiedMessage, {
    status: err.status,
    detail: err.detail,
    succeededUnverified: true,
    reconcile: write.reconcile
  })
}

export function timeoutError(detail: string): ApiError {
  return new ApiError('timeout', DEFAULT_MESSAGES.timeout, { detail })
}

export function errorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown }; errors?: { code?: unknown }[] }
  if (typeof e?.code === 'string') return e.code
  if (typeof e?.cause?.code === 'string') return e.cause.code
  const first = e?.errors?.find((x) => typeof x?.code === 'string')
  return typeof first?.code === 'string' ? first.code : undefined
}

/** Every code in an error and its causes, outermost first. */
function errorCodes(err: unknown): string[] {
  const codes: string[] = []
  let e = err as { code?: unknown; cause?: unknown; errors?: unknown[] } | undefined
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string') codes.push(e.code)
    for (const inner of e.errors ?? []) {
      const code = (inner as { code?: unknown })?.code
      if (typeof code === 'string') codes.push(code)
    }
    e = e.cause as typeof e
  }
  return codes
}

/** Why a certificate failed, in words, and what to do; each sentence names who can fix it. */
function certificateProblem(code: string): { why: string; advice: string } {
  const installRoot =
    "If this network inspects HTTPS, your IT team must install the organisation's root " +
    "certificate in this computer's certificate store (for the command line, NODE_EXTRA_CA_CERTS " +
    'can name its file).'
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return {
      why: code === 'CERT_HAS_EXPIRED' ? 'it has expired' : 'it is not valid yet',
      advice:
        "Check this computer's date and time; if they are right, the certificate must be " +
        `renewed by whoever runs that address. ${installRoot}`
    }
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return {
      why: 'it was issued for another address',
      advice: `Check the service address of the profile. ${installRoot}`
    }
  }
  return { why: 'it is signed by an authority this computer does not trust', advice: installRoot }
}

/**
 * A refusal by this computer's own network set-up rather than by the service: a certificate
 * this computer does not trust, or a proxy that refuses or can't be reached. Each is an
 * 'offline' (the service is out of reach from here; the offline copy keeps answering) with a
 * sentence naming the cause; certificate and proxy refusals are permanent, so never retried as
 * if the service were down. Nothing was sent to the service in any of these cases.
 * `subject` is who the certificate belongs to ("The service's", "The image server's").
 */
export function networkRefusal(
  err: unknown,
  route: Route | undefined,
  subject = "The service's"
): ApiError | undefined {
  const codes = errorCodes(err)
  const proxy = route?.proxy
  const status = proxy ? proxyStatus(err) : undefined
  if (proxy && status !== undefined) return proxyRefused(proxy, status, route?.target ?? 'it')
  const proxyTls = codes.includes(PROXY_TLS)
  const tlsCode = codes.find((c) => TLS_CODE.test(c))
  if (proxyTls || tlsCode) {
    const code = tlsCode ?? 'ERR_TLS_CERT_ALTNAME_INVALID'
    const { why, advice } = certificateProblem(code)
    const whose = proxyTls
      ? `The certificate of the proxy at ${proxy?.name ?? 'the configured address'}`
      : proxy?.secure
        ? `${subject} certificate (or that of the proxy at ${proxy.name})`
        : `${subject} certificate`
    return new ApiError(
      'offline',
      `${whose} is not trusted by this computer: ${why}, so StayDesk did not connect. ${advice}`,
      { detail: code, permanent: true, localNetwork: true }
    )
  }
  const code = codes[0]
  if (!route || !proxy) return undefined
  // Only failures to open a connection: a reset on an open tunnel may come after the request
  // was sent, which the write rules must word as an unknown outcome.
  if (code && NOT_SENT.has(code) && (route.certain || failedAt(err, proxy))) {
    const how = code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? 'its name is not known' : code
    return new ApiError(
      'offline',
      `The proxy at ${proxy.name} (set in ${sourceOf(proxy)}) can't be reached (${how}), so ` +
        `StayDesk could not reach ${route.target}. Check the proxy setting or ask your IT team.`,
      { detail: code, localNetwork: true }
    )
  }
  return undefined
}

/** The status a proxy answered a CONNECT with, from undici's tunnelling error. */
function proxyStatus(err: unknown): number | undefined {
  const message = err instanceof Error ? err.message : ''
  const m =
    /Proxy response \((\d{3})\) !== 200/.exec(message) ??
    /Proxy Authentication Required \((407)\)/.exec(message)
  return m ? Number(m[1]) : undefined
}

function proxyRefused(proxy: ProxyInfo, status: number, target: string): ApiError {
  const at = `The proxy at ${proxy.name} (set in ${sourceOf(proxy)})`
  if (status === 407) {
    const fix = proxy.variable
      ? `Put the user name and password in ${proxy.variable} (http://user:password@host:port), ` +
        'or ask your IT team to let StayDesk through without one.'
      : `StayDesk can't sign in to a proxy: ask your IT team to let it reach ${target} ` +
        'without a proxy sign-in.'
    return new ApiError(
      'offline',
      `${at} refused the connection to ${target}: it asks for a proxy sign-in (407). ${fix}`,
      { detail: 'PROXY_407', permanent: true, localNetwork: true }
    )
  }
  if (status === 502 || status === 503 || status === 504) {
    // The proxy is fine but could not open the way on: the service may be down; retried.
    return new ApiError(
      'offline',
      `${at} could not connect to ${target} (${status}). The service may be down, or the ` +
        'network may block it; if it persists, ask your IT team.',
      { detail: `PROXY_${status}`, localNetwork: true }
    )
  }
  return new ApiError(
    'offline',
    `${at} refused the connection to ${target} (${status})` +
      `${status === 403 ? ": the network's rules block this address" : ''}. Ask your IT team ` +
      'to allow it.',
    { detail: `PROXY_${status}`, permanent: true, localNetwork: true }
  )
}

function sourceOf(proxy: ProxyInfo): string {
  return proxy.variable ?? "this computer's proxy settings"
}

/** Whether the connection that failed was the one to the proxy (its address, or its name). */
function failedAt(err: unknown, proxy: ProxyInfo): boolean {
  const e = err as { address?: unknown; port?: unknown; hostname?: unknown; message?: unknown }
  if (e?.hostname === proxy.host) return true
  if (e?.address === proxy.host && e?.port === proxy.port) return true
  return typeof e?.message === 'string' && e.message.includes(`${proxy.host}:${proxy.port}`)
}

/**
 * Maps what undici throws to a code. For writes, anything that may have happened after the
 * request went out is an unknown outcome: the booking may exist, so nobody should "retry".
 */
export function transportError(
  err: unknown,
  signal: AbortSignal | undefined,
  write: WriteInfo | undefined,
  afterHeaders: boolean,
  route?: Route
): ApiError {
  const code = errorCode(err)
  if (signal?.aborted) {
    if (!write) return abortedError()
    return new ApiError(
      'aborted',
      'The request was cancelled while waiting for the service, so its outcome is unknown. ' +
        'Check the booking before trying again.',
      { reconcile: write.reconcile, detail: code }
    )
  }
  // Before the write cases: the request never reached the service, so it is safe to repeat.
  const refusal = afterHeaders ? undefined : networkRefusal(err, route)
  if (refusal) return refusal
  if (write && afterHeaders) {
    return new ApiError('bad-response', write.unverifiedMessage, {
      detail: code,
      succeededUnverified: true,
      reconcile: write.reconcile
    })
  }
  if (write && !(code && NOT_SENT.has(code))) {
    return new ApiError('outcome-unknown', write.unknownMessage, {
      detail: code,
      reconcile: write.reconcile
    })
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return timeoutError(code)
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return timeoutError(code)
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new ApiError(
      'offline',
      'The service address could not be found. Check the internet connection and the profile.',
      { detail: code }
    )
  }
  if (code && NOT_SENT.has(code)) {
    return new ApiError('offline', DEFAULT_MESSAGES.offline, { detail: code })
  }
  return new ApiError(
    'offline',
    'The connection to the service was lost before its answer arrived. Try again.',
    { detail: code ?? (err instanceof Error ? err.name : 'unknown') }
  )
}
