import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The installer carries the production dependencies (electron-builder copies them into the
 * app), and main loads them from there at run time; the renderer's libraries are bundled into
 * out/renderer by Vite. So `dependencies` must be exactly the packages src-main and src-shared
 * import: one missing would crash the installed app, one extra would ship for nothing.
 */
const root = resolve(import.meta.dirname, '../../..')

/**
 * Named in main's sources but loaded only when main runs from its TypeScript sources (tests,
 * the CLI): worker-thread.ts (and the tests' test/helpers/fork-sync-host.ts) register tsx for a
 * .ts entry; a built app's entries are .js.
 */
const SOURCE_RUNS_ONLY = new Set(['tsx'])

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return sources(path)
    return /\.tsx?$/.test(e.name) ? [path] : []
  })
}

function packageOf(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]
}

describe('production dependencies', () => {
  it('are exactly the packages main and the shared code import', () => {
    const imported = new Set<string>()
    for (const file of [...sources(join(root, 'src-main')), ...sources(join(root, 'src-shared'))]) {
      const text = readFileSync(file, 'utf8')
      // `import x from 'p'`, `} from 'p'` (multi-line), `import 'p'` and `await import('p')`.
      const specifiers =
        /^(?:import|export)\b[^'\n]*?\bfrom\s+'([^'.][^']*)'|^\}\s+from\s+'([^'.][^']*)'|^import\s+'([^'.][^']*)'|\bimport\('([^'.][^']*)'\)/gm
      for (const m of text.matchAll(specifiers)) {
        const name = packageOf(m[1] ?? m[2] ?? m[3] ?? m[4])
        if (name.startsWith('node:') || name.startsWith('@shared/') || name === 'electron') continue
        if (SOURCE_RUNS_ONLY.has(name)) continue
        imported.add(name)
      }
    }
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    expect([...imported].sort()).toEqual(Object.keys(pkg.dependencies).sort())
  })

  it('are each named with the reason they ship in the README', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    const section = readme.slice(readme.indexOf('## Production dependencies'))
    for (const name of Object.keys(pkg.dependencies)) {
      expect(section, name).toMatch(new RegExp(`\\| \`${name}\` +\\| .{20,}\\|`))
    }
  })
})
