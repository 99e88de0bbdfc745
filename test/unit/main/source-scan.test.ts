import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../../..')

function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => {
      const path = join(e.parentPath, e.name)
      return { file: relative(ROOT, path), text: readFileSync(path, 'utf8') }
    })
}

const main = sources('src-main')

describe('source scan of the main process', () => {
  it('creates every window with secureWebPreferences (E1)', () => {
    const windows = main.filter((s) => s.text.includes('new BrowserWindow('))
    expect(windows.map((s) => s.file)).toEqual(['src-main/shell/main-window.ts'])
    for (const s of windows) {
      expect(s.text).toMatch(/webPreferences: secureWebPreferences\(/)
    }
    const literals = main.filter((s) => /webPreferences\s*:\s*\{/.test(s.text))
    expect(literals.map((s) => s.file)).toEqual([])
  })

  it('loads remote content only from the dev server of an unpackaged run (E11)', () => {
    const loaders = main.filter((s) => /\.loadURL\(/.test(s.text))
    expect(loaders.map((s) => s.file)).toEqual(['src-main/shell/main-window.ts'])
    const window = main.find((s) => s.file === 'src-main/shell/main-window.ts')!.text
    expect(window).toMatch(/if \(dev && !isPackaged\) return dev/)
  })

  it('never turns TLS verification off', () => {
    for (const s of main) {
      expect(s.text, s.file).not.toMatch(/rejectUnauthorized:\s*false|NODE_TLS_REJECT_UNAUTHORIZED/)
    }
  })

  it('keeps no crash dumps in an installed app (purged at start), local ones only in development, and the renderer sandbox on for every window', () => {
    const index = main.find((s) => s.file === 'src-main/index.ts')!.text
    // Minidumps hold process memory (typed card data): a packaged build never starts the crash
    // reporter and empties the dumps folder; a development build keeps them local, never sent.
    expect(index).toMatch(
      /if \(app\.isPackaged\) purgeCrashDumps\(app\.getPath\('crashDumps'\)\)\s+else crashReporter\.start\(\{ uploadToServer: false \}\)/
    )
    expect(index.match(/crashReporter\.start\(/g)).toHaveLength(1)
    expect(index.indexOf('app.enableSandbox()')).toBeLessThan(index.indexOf('whenReady'))
  })

  it('takes the single-instance lock before anything else starts, and starts nothing without it', () => {
    const index = main.find((s) => s.file === 'src-main/index.ts')!.text
    // `StayDesk --cli` runs the command line instead, with no window and no app start-up.
    expect(index).toMatch(/^else if \(holdSingleInstance\(app, showWindow\)\) main\(\)$/m)
    const lock = index.indexOf('holdSingleInstance(app')
    for (const later of [
      'app.enableSandbox()',
      'crashReporter.start(',
      'whenReady()',
      'startSandboxInWorker(',
      'createApp('
    ]) {
      expect(index.indexOf(later), later).toBeGreaterThan(lock)
    }
    // Apart from the lock, the module's top level only declares: every app.on and the start
    // itself are inside main() or start(), which run only in the instance holding the lock.
    const statements = index
      .split('\n')
      .filter((line) => /^\S/.test(line))
      .filter(
        (line) => !/^(import|export|const|let|function|async function|\/\/|\/\*\*|\}|\))/.test(line)
      )
    expect(statements).toEqual([
      'if (cliAt !== -1) commandLine(process.argv.slice(cliAt + 1)).catch(commandLineFailed)',
      'else if (holdSingleInstance(app, showWindow)) main()'
    ])
    // The command line's path starts none of the app: it only imports the command line.
    const commandLine = index.slice(
      index.indexOf('async function commandLine('),
      index.indexOf('\n}\n', index.indexOf('async function commandLine('))
    )
    for (const appPart of [
      'main()',
      'start()',
      'createApp(',
      'whenReady',
      'startSandboxInWorker'
    ]) {
      expect(commandLine, appPart).not.toContain(appPart)
    }
  })
})
