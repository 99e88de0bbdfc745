import { request, type Dispatcher } from 'undici'
import { isLoopbackHost } from '@shared/profile.schema'
import { defaultNetwork, type Network, type Route } from '../net'
import { ApiError } from './errors'
import { networkRefusal } from './transport-errors'

/**
 * Listing images, fetched by main so the window loads nothing from the network. Images are
 * public (the spec's listings point at a CDN), so no token goes with them; only https (or plain
 * http to this computer, the embedded demo), only images, and nothing larger than an image is.
 */

const MAX_IMAGE_BYTES = 10 * 1024 * 1024
const TIMEOUT_MS = 15_000
const TIMEOUTS = { connectMs: TIMEOUT_MS, headersMs: TIMEOUT_MS, bodyMs: TIMEOUT_MS }

export interface FetchedImage {
  contentType: string
  bytes: Uint8Array
}

/**
 * `network` is the service client's (the same proxy and trusted certificates); images are
 * usually on another host than the service, so the proxy is asked for the image's own address.
 */
export async function fetchImage(
  url: string,
  signal?: AbortSignal,
  network: Network = defaultNetwork()
): Promise<FetchedImage> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new ApiError('bad-response', 'The listing names an image address that is not valid.')
  }
  const secure = parsed.protocol === 'https:'
  const local = parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)
  if (!secure && !local) {
    throw new ApiError('bad-response', 'StayDesk only loads listing images over https.')
  }
  const { dispatcher, route } = await network.connect(parsed.href, TIMEOUTS)
  try {
    return await readImage(parsed, dispatcher, route, signal)
  } finally {
    await dispatcher.close()
  }
}

async function readImage(
  url: URL,
  dispatcher: Dispatcher,
  route: Route,
  signal: AbortSignal | undefined
): Promise<FetchedImage> {
  let res: Awaited<ReturnType<typeof request>>
  try {
    res = await request(url, {
      dispatcher,
      method: 'GET',
      headers: { accept: 'image/*', 'user-agent': 'StayDesk' },
      signal
    })
  } catch (err) {
    throw (
      networkRefusal(err, route, "The image server's") ??
      new ApiError('offline', 'The image could not be fetched: its server can’t be reached.')
    )
  }
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase()
  if (res.statusCode !== 200 || !type.startsWith('image/')) {
    await res.body.dump().catch(() => undefined)
    throw new ApiError(
      'bad-response',
      res.statusCode === 200
        ? 'The image address answered with something that is not an image.'
        : `The image address answered with status ${res.statusCode}.`,
      { status: res.statusCode }
    )
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of res.body) {
    size += chunk.length
    if (size > MAX_IMAGE_BYTES) {
      res.body.destroy()
      throw new ApiError('bad-response', 'The image is too large to show (over 10 MB).')
    }
    chunks.push(chunk as Buffer)
  }
  return { contentType: type, bytes: Buffer.concat(chunks) }
}
