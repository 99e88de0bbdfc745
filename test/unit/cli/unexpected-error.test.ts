import { afterEach, describe, expect, it, vi } from 'vitest'
import { runCli } from '../../../src-main/cli/main'
import type { Output } from '../../../src-main/cli/output'

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

  it('says something went wrong inside StayDesk, names the kind, and exits 1', async () => {
    vi.stubEnv('STAYDESK_DEBUG', '')
    const written = stderr()
    expect(await runCli(['help'], failingOutput())).toBe(1)
    expect(written.join('')).toBe(
      'staydesk: Something went wrong inside StayDesk (TypeError). Run again with STAYDESK_DEBUG=1 to print the details.\n'
    )
  })

  it('with STAYDESK_DEBUG=1 prints the stack first, without the token', async () => {
    vi.stubEnv('STAYDESK_DEBUG', '1')
    const written = stderr()
    expect(await runCli(['help'], failingOutput())).toBe(1)
    const text = written.join('')
    expect(text).toMatch(/^TypeError: cannot read the answer for Bearer /)
    expect(text).toContain('unexpected-error.test.ts')
    expect(text).not.toContain(TOKEN)
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/^staydesk: Something went wrong inside/)
  })
})
