import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readUpdateConfig, shownUrl } from '../../../../src-main/updates/update-config'

const dir = mkdtempSync(join(tmpdir(), 'staydesk-update-config-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function file(text: string): string {
  const path = join(dir, `app-update-${Math.random().toString(36).slice(2)}.yml`)
  writeFileSync(path, text)
  return path
}

describe('app-update.yml', () => {
  it('gives the feed electron-builder wrote, quoted or not', () => {
    const plain =
      'provider: generic\nurl: https://updates.example/staydesk\nupdaterCacheDirName: staydesk-updater\n'
    expect(readUpdateConfig(file(plain))).toEqual({ url: 'https://updates.example/staydesk' })
    expect(readUpdateConfig(file("provider: generic\nurl: 'https://u.example/a b'\n"))).toEqual({
      url: 'https://u.example/a b'
    })
  })

  it('means "not set up" when missing, or naming no feed', () => {
    expect(readUpdateConfig(undefined)).toBeUndefined()
    expect(readUpdateConfig(join(dir, 'absent.yml'))).toBeUndefined()
    expect(readUpdateConfig(file('provider: generic\nupdaterCacheDirName: x\n'))).toBeUndefined()
    expect(readUpdateConfig(file('provider: generic\nurl: null\n'))).toBeUndefined()
    expect(readUpdateConfig(file('provider: generic\nurl:\n'))).toBeUndefined()
  })

  it('never shows a user name or password the feed address carries', () => {
    expect(shownUrl('https://ci:s3cret@updates.example/staydesk/')).toBe(
      'https://updates.example/staydesk/'
    )
    expect(shownUrl('https://updates.example/staydesk')).toBe('https://updates.example/staydesk')
  })
})
