import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A generic update feed on loopback, as a folder of electron-builder's dist/ served by any web
 * server would be: `latest-linux.yml` naming the release, and the AppImage it names. Every
 * request is recorded, so a test can tell electron-updater really went over HTTP.
 */
export interface Feed {
  url: string
  /** `GET /path`, without the query electron-updater adds to defeat caches. */
  requests: string[]
  close(): Promise<void>
}

export interface Release {
  version: string
  /** The AppImage's bytes as served. */
  body: Buffer
  /** The sha512 latest-linux.yml gives; the body's own unless a test corrupts it. */
  sha512?: string
}

export const sha512 = (bytes: Buffer): string => createHash('sha512').update(bytes).digest('base64')

export function appImageName(version: string): string {
  return `StayDesk-${version}.AppImage`
}

/** latest-linux.yml as electron-builder writes it for an AppImage. */
function latestLinuxYml(release: Release): string {
  const file = appImageName(release.version)
  const hash = release.sha512 ?? sha512(release.body)
  return [
    `version: ${release.version}`,
    'files:',
    `  - url: ${file}`,
    `    sha512: ${hash}`,
    `    size: ${release.body.length}`,
    `path: ${file}`,
    `sha512: ${hash}`,
    "releaseDate: '2026-05-04T09:00:00.000Z'",
    ''
  ].join('\n')
}

export async function serveFeed(release: Release): Promise<Feed> {
  const files = new Map<string, Buffer>([
    ['/latest-linux.yml', Buffer.from(latestLinuxYml(release))],
    [`/${appImageName(release.version)}`, release.body]
  ])
  const requests: string[] = []
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://feed').pathname
    requests.push(`${req.method} ${path}`)
    const body = files.get(path)
    if (!body) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-length': body.length }).end(body)
  })
  await listen(server)
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}

/** The address of a port nothing listens on: a feed that is down. */
export async function closedFeedUrl(): Promise<string> {
  const server = createServer()
  await listen(server)
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}/`
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
}
