import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { EventName } from '@shared/ipc/channels'
import type { SecretCipher } from '../../../src-main/auth/token-store'

/** An OS-backed cipher (libsecret) that a test can read: reversible, but not the plain text. */
export function fakeOsCipher(): SecretCipher {
  return {
    isEncryptionAvailable: () => true,
    backend: () => 'gnome_libsecret',
    encrypt: (plain) => Buffer.from(Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a)),
    decrypt: (data) => Buffer.from(data.map((b) => b ^ 0x5a)).toString('utf8')
  }
}

interface RecordedEvent {
  event: EventName
  payload: unknown
}

export function eventRecorder() {
  const events: RecordedEvent[] = []
  return {
    events,
    emit: (event: EventName, payload: unknown) => void events.push({ event, payload }),
    of: (event: EventName) => events.filter((e) => e.event === event).map((e) => e.payload)
  }
}

export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'staydesk-app-'))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * A pass-through HTTP proxy in front of a sandbox that records each request's Authorization
 * header, so a test can show which token reached which server (checklist K5).
 */
export interface RecordingProxy {
  url: string
  authorizations: string[]
  /** Every request as `METHOD /path`, in order (how many times a write was sent). */
  requests: string[]
  close(): Promise<void>
}

export async function recordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target)
  const authorizations: string[] = []
  const requests: string[] = []
  const server: Server = createServer((req, res) => {
    authorizations.push(req.headers.authorization ?? '')
    requests.push(`${req.method} ${req.url}`)
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host }
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    out.on('error', () => res.destroy())
    req.pipe(out)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    authorizations,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
