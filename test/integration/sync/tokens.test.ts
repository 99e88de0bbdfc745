import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { toAppError } from '../../../src-main/errors'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { inspect } from 'node:util'
import { createApiClient } from '../../../src-main/api'
import { openMirror } from '../../../src-main/db'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { syncAll, syncResource } from '../../../src-main/sync/engine'
import { tempDir } from '../../helpers/sync-fixtures'

/**
 * Checklist K6: the access token appears nowhere a sync leaves traces: the mirror file and its
 * -wal/-shm, the CLI's output (JSON and human, success and failure), debug log lines, and error
 * messages (also as loggers would serialise them), through the 401, 5xx and timeout paths.
 */

const ROOT = resolve(import.meta.dirname, '../../..')
const CANARY = 'canary-TOKEN-5f1c9e27d4b84a06'
const REVOKED = `${CANARY}-revoked`
const TODAY = '2026-11-23'

/** The canary as plain text, Bearer header, base64 and UTF-16LE. */
const FORMS: [string, Buffer][] = [
  ['plain', Buffer.from(CANARY)],
  ['base64', Buffer.from(Buffer.from(CANARY).toString('base64'))],
  ['base64 bearer', Buffer.from(Buffer.from(`Bearer ${CANARY}`).toString('base64'))],
  ['base64url', Buffer.from(Buffer.from(CANARY).toString('base64url'))],
  ['utf16le', Buffer.from(CANARY, 'utf16le')]
]

function leaks(where: string, bytes: Buffer | string): string[] {
  const buf = typeof bytes === 'string' ? Buffer.from(bytes) : bytes
  const found = FORMS.filter(([, form]) => buf.includes(form)).map(([name]) => `${where}: ${name}`)
  if (/Bearer\s+(?!\[redacted\])\S/.test(buf.toString('utf8'))) found.push(`${where}: Bearer value`)
  return found
}

function scanDir(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => leaks(f, readFileSync(join(dir, f))))
}

function cli(
  args: string[],
  token: string
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/staydesk.mjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, STAYDESK_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c))
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c))
  return new Promise((res, rej) => {
    child.on('error', rej)
    child.on('close', (code) => res({ code, stdout, stderr }))
  })
}

describe('the access token never leaks (K6)', () => {
  let sandbox: SandboxHandle
  let dir: string
  let file: string

  beforeAll(async () => {
    sandbox = await startSandbox({
      listings: 250,
      seed: 41,
      today: TODAY,
      callers: [{ token: CANARY, channel: 'CNRY', merchantOfRecord: 'service' }]
    })
    dir = tempDir('staydesk-canary-')
    file = join(dir, 'mirror.sqlite')
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  it('not in the CLI output, JSON or human, on success, 5xx and 401', async () => {
    // The scanner itself finds each form (so an empty result means something).
    for (const [name, form] of FORMS) {
      expect(leaks('check', Buffer.concat([Buffer.from('x'), form, Buffer.from('y')]))).toContain(
        `check: ${name}`
      )
    }
    expect(leaks('check', 'Authorization: Bearer abc')).toEqual(['check: Bearer value'])

    const base = ['sync', '--base-url', sandbox.url, '--db', file]
    const outputs: { name: string; run: Awaited<ReturnType<typeof cli>> }[] = []

    const full = await cli([...base, '--json'], CANARY)
    expect(full.code, full.stderr).toBe(0)
    expect(JSON.parse(full.stdout)).toMatchObject({ ok: true })
    outputs.push({ name: 'full --json', run: full })
    expect(scanDir(dir)).toEqual([])

    sandbox.churnNow()
    sandbox.setFaults({ error5xx: 1, paths: '^/v1/listings' })
    const failed = await cli(base, CANARY)
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain('sync of listings failed')
    outputs.push({ name: '5xx human', run: failed })
    sandbox.setFaults(null)

    for (const json of [true, false]) {
      const refused = await cli(json ? [...base, '--json'] : base, REVOKED)
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(/refused the access token/)
      outputs.push({ name: `401 ${json ? 'json' : 'human'}`, run: refused })
    }

    const found = outputs.flatMap(({ name, run }) => [
      ...leaks(`${name} stdout`, run.stdout),
      ...leaks(`${name} stderr`, run.stderr)
    ])
    expect(found).toEqual([])
    expect(scanDir(dir)).toEqual([])
  })

  it('not in the mirror, its WAL, debug logs or errors through the 401, 5xx and timeout paths', async () => {
    const logs: string[] = []
    const consoleLines: string[] = []
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        consoleLines.push(args.map((a) => inspect(a, { depth: 6 })).join(' '))
      })
    }
    const errors: unknown[] = []
    const mirror = await openMirror(file)
    try {
      const client = (token: string, headersMs?: number) =>
        createApiClient({
          baseUrl: sandbox.url,
          token,
          retry: { maxAttempts: 2, baseMs: 5, capMs: 50 },
          timeouts: headersMs ? { headersMs } : undefined,
          log: (line) => logs.push(line)
        })

      const good = client(CANARY)
      sandbox.churnNow()
      expect((await syncAll(good, mirror)).errors).toEqual([])
      // With the mirror still open, its -wal holds the latest pages: scan it now.
      expect(readdirSync(dir)).toEqual(expect.arrayContaining(['mirror.sqlite-wal']))
      expect(scanDir(dir)).toEqual([])

      sandbox.setFaults({ error5xx: 1, paths: '^/v1/rates' })
      errors.push(...(await syncAll(good, mirror, { full: true })).errors.map((e) => e.error))
      sandbox.setFaults({ latencyMs: 2000, paths: '^/v1/availability' })
      const slow = client(CANARY, 200)
      await syncResource('availability', slow, mirror).catch((e: unknown) => errors.push(e))
      sandbox.setFaults(null)
      await good.close()
      await slow.close()

      const revoked = client(REVOKED)
      errors.push(...(await syncAll(revoked, mirror)).errors.map((e) => e.error))
      await revoked.close()

      const codes = errors.map((e) => toAppError(e).toPayload().code)
      expect(codes).toEqual(
        expect.arrayContaining(['server-error', 'timeout', 'unauthorized', 'unauthorized'])
      )
      const lastErrors = SYNC_RESOURCES.map((r) => JSON.stringify(mirror.sync.cursor(r)))
      const found = [
        ...logs.flatMap((l, i) => leaks(`log ${i}`, l)),
        ...consoleLines.flatMap((l, i) => leaks(`console ${i}`, l)),
        ...errors.flatMap((e, i) => [
          ...leaks(`error ${i} message`, (e as Error).message),
          ...leaks(`error ${i} inspect`, inspect(e, { depth: 8, showHidden: true })),
          ...leaks(`error ${i} json`, JSON.stringify(e) ?? ''),
          ...leaks(`error ${i} described`, JSON.stringify(toAppError(e).toPayload()))
        ]),
        ...lastErrors.flatMap((s, i) => leaks(`sync state ${i}`, s)),
        ...scanDir(dir)
      ]
      expect(logs.length).toBeGreaterThan(0)
      expect(found).toEqual([])
    } finally {
      await mirror.close()
      vi.restoreAllMocks()
    }
    expect(scanDir(dir)).toEqual([])
  })
})
