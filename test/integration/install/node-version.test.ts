import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')

/**
 * npm only warns when Node is older than package.json's `engines`; StayDesk's install stops with
 * a sentence that says which Node it needs and how to get it. Run in a temp copy whose engines
 * ask for a Node newer than the one running the test.
 */
describe('npm install on a Node older than StayDesk needs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'staydesk-engines-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('stops the postinstall with the Node it needs, the Node it has and what to do', () => {
    cpSync(join(root, 'scripts'), join(dir, 'scripts'), { recursive: true })
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      engines: { node: string }
    }
    expect(pkg.engines.node).toBe('>=22.12.0')
    expect(readFileSync(join(root, '.nvmrc'), 'utf8').trim()).toBe('22')
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ ...pkg, engines: { node: '>=99.1.0' } })
    )
    const r = spawnSync(process.execPath, [join(dir, 'scripts', 'native-binding.mjs'), 'node'], {
      encoding: 'utf8'
    })
    expect(r.status).toBe(1)
    expect(r.stderr).toContain(
      `StayDesk needs Node.js 99.1.0 or newer; this is Node ${process.version}.`
    )
    expect(r.stderr).toContain('nvm install')
  })
})
