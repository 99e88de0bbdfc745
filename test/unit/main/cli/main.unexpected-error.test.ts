import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runCli } from '../../../../src-main/cli/main'
import type { Output } from '../../../../src-main/cli/output'

/**
 * A bug in the command line (here: its output throwing a TypeError, as a programming error
 * would) ends in one sentence that says so and how to see more, exit code 1; its own text,
 * which may hold anything, is printed only on request, scrubbed of secrets.
 */
describe('an unexpected error in a command', () => {
  const TOKEN = 'sd_live_7f3k9q2m5x8w1v4b'
  const failingOutput = (): Output => {
    const fail = () => {
      throw new TypeError(`cannot read the answer for Bearer ${TOKEN}`)
    }
    return { json: fail, line: fail, text: fail, table: fail }
  }
  const stderr = () => {
    const written: string[] = []
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk))
      return true
    })
    return written
  }

  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllEnvs()
  })

  it('says something went wrong inside StayDesk, names the kind and the log file holding the stack, and exits 1', async () => {
    vi.stubEnv('STAYDESK_DEBUG', '')
    const dataDir = mkdtempSync(join(tmpdir(), 'staydesk-cli-bug-'))
    vi.stubEnv('STAYDESK_DATA_DIR', dataDir)
    const written = stderr()
    expect(await runCli(['help'], failingOutput())).toBe(1)
    const line = written.join('')
    const named =
      /^staydesk: Something went wrong inside StayDesk \(TypeError\); the details are in the log: (.+\.log)\n$/.exec(
        line
      )
    expect(named, line).not.toBeNull()
    const file = named![1]
    expect(file.startsWith(join(dataDir, 'logs', 'cli.'))).toBe(true)
    expect(existsSync(file)).toBe(true)
    const logged = readFileSync(file, 'utf8')
    expect(logged).toContain('cannot read the answer for Bearer')
    expect(logged).toContain('unexpected-error.test.ts')
    expect(logged).not.toContain(TOKEN)
  })

  it('without a log it can write, says how to print the details instead', async () => {
    vi.stubEnv('STAYDESK_DEBUG', '')
    // The data folder is a file: no logs/ can be made in it.
    const notADir = join(mkdtempSync(join(tmpdir(), 'staydesk-cli-nolog-')), 'file')
    writeFileSync(notADir, '')
    vi.stubEnv('STAYDESK_DATA_DIR', notADir)
    const written = stderr()
    expect(await runCli(['help'], failingOutput())).toBe(1)
    expect(written.join('')).toBe(
      'staydesk: Something went wrong inside StayDesk (TypeError). Run again with STAYDESK_DEBUG=1 to print the details.\n'
    )
  })

  it('with STAYDESK_DEBUG=1 prints the stack first, without the token', async () => {
    vi.stubEnv('STAYDESK_DEBUG', '1')
    vi.stubEnv('STAYDESK_DATA_DIR', mkdtempSync(join(tmpdir(), 'staydesk-cli-debug-')))
    const written = stderr()
    expect(await runCli(['help'], failingOutput())).toBe(1)
    const text = written.join('')
    expect(text).toMatch(/^TypeError: cannot read the answer for Bearer /)
    expect(text).toContain('unexpected-error.test.ts')
    expect(text).not.toContain(TOKEN)
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/^staydesk: Something went wrong inside/)
  })

  it('with STAYDESK_DEBUG=1 scrubs the token it was given from the stack, wherever it stands', async () => {
    // No "Bearer" before it: only knowing the token finds it.
    const failing = (): Output => {
      const fail = () => {
        throw new TypeError(`no listing in /v1/listings?key=${TOKEN}`)
      }
      return { json: fail, line: fail, text: fail, table: fail }
    }
    vi.stubEnv('STAYDESK_DEBUG', '1')
    vi.stubEnv('STAYDESK_TOKEN', TOKEN)
    vi.stubEnv('STAYDESK_DATA_DIR', mkdtempSync(join(tmpdir(), 'staydesk-cli-debug-')))
    const written = stderr()
    expect(await runCli(['help'], failing())).toBe(1)
    const text = written.join('')
    expect(text).toMatch(/^TypeError: no listing in \/v1\/listings\?key=\[redacted\]\n/)
    expect(text).not.toContain(TOKEN)
  })
})
