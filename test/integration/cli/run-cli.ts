import { execFile, spawn } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
export const BIN = join(import.meta.dirname, '../../../bin/staydesk.mjs')

/**
 * Builds the command line's bundle when the sources are newer (as bin/staydesk.mjs would on
 * its first run), so that no test's stderr holds the "building" line: a test asserts what a
 * command prints, not whether someone edited a source file a moment before.
 */
export async function freshBundle(): Promise<void> {
  const build = await import('../../../scripts/build-cli.mjs')
  await build.freshBundle()
}

export interface Ran {
  code: number
  stdout: string
  stderr: string
}

/** Runs `staydesk ...args` as a user would; never throws, returns exit code and output. */
export async function runStaydesk(args: string[], env: NodeJS.ProcessEnv): Promise<Ran> {
  await freshBundle()
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

/**
 * Starts `staydesk ...args` for a command that keeps running (sandbox), waits until its
 * output matches `ready`, then stops it with SIGTERM; resolves with everything it printed.
 */
export async function runUntil(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  timeoutMs = 30_000
): Promise<Ran> {
  await freshBundle()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env })
    let stdout = ''
    let stderr = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`no ${ready} within ${timeoutMs} ms: ${stdout}${stderr}`))
    }, timeoutMs)
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      if (ready.test(stdout)) child.kill('SIGTERM')
    })
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code: code ?? -1, stdout, stderr })
    })
  })
}
