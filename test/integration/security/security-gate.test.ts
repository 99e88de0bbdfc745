import { execFile } from 'node:child_process'
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'

const REPO = join(import.meta.dirname, '../../..')
const run = promisify(execFile)
const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

/** `npm run security -- --root ROOT`, as the npm script runs it; never throws. */
async function gate(root: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli')
  const args = [tsx, '--tsconfig', 'tsconfig.node.json', 'scripts/security-gate.ts', '--root', root]
  try {
    return { code: 0, ...(await run(process.execPath, args, { cwd: REPO })) }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

// One run of Electronegativity (it is slow): today's sources and allowlist, plus a second
// window in main-window.ts written as the first one is, with an insecure option.
it('fails the real sources with one more insecure window, naming it and nothing else', async () => {
  const root = mkdtempSync(join(tmpdir(), 'staydesk-gate-'))
  dirs.push(root)
  for (const path of [
    'src-main',
    'src-renderer/src',
    'src-renderer/index.html',
    'package.json',
    'security'
  ])
    cpSync(join(REPO, path), join(root, path), { recursive: true })
  const file = join(root, 'src-main/shell/main-window.ts')
  const before = readFileSync(file, 'utf8').split('\n').length
  appendFileSync(
    file,
    [
      '',
      'export function createHelpWindow(): BrowserWindow {',
      '  const win = new BrowserWindow({',
      '    webPreferences: { sandbox: false }',
      '  })',
      '  return win',
      '}',
      ''
    ].join('\n')
  )
  const windowLine = before + 2
  const optionLine = before + 3

  const { code, stdout, stderr } = await gate(root)
  expect(code).toBe(1)
  // Today's findings stay reviewed: 3 new ones, no stale entry.
  expect(stdout).toMatch(/electronegativity: (\d+) findings, \d+ reviewed/)
  const [, total, ok] = /(\d+) findings, (\d+) reviewed/.exec(stdout) ?? []
  expect(Number(total) - Number(ok)).toBe(3)
  expect(stderr).not.toContain('STALE')
  const unreviewed = stderr.split('\n').filter((l) => l.includes('NOT REVIEWED'))
  expect(unreviewed).toHaveLength(3)
  // The tool flags the new window's first line, which reads as the reviewed window's does: the
  // count catches it, listing both (which one is new can't be told from the text).
  for (const check of ['AUXCLICK_JS_CHECK', 'CONTEXT_ISOLATION_JS_CHECK'])
    expect(unreviewed).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^  NOT REVIEWED ${check} src-main/shell/main-window\\.ts:\\d+,${windowLine} .*the allowlist accepts 1\\)`
        )
      )
    )
  // The insecure option is a finding with no entry at all, shown with its code.
  expect(unreviewed).toContainEqual(
    expect.stringMatching(
      new RegExp(
        `^  NOT REVIEWED SANDBOX_JS_CHECK src-main/shell/main-window\\.ts:${optionLine} fingerprint [0-9a-f]{16}: `
      )
    )
  )
  expect(stderr).toContain('webPreferences: { sandbox: false }')
  expect(stderr).toContain('npm run -s security -- --print')
})
