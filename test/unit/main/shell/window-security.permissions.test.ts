import { describe, expect, it } from 'vitest'
import { denyAllPermissions } from '../../../../src-main/shell/window-security'

function fakeSession() {
  let request: ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void) | null =
    null
  let check: ((wc: unknown, permission: string) => boolean) | null = null
  return {
    setPermissionRequestHandler: (h: typeof request) => void (request = h),
    setPermissionCheckHandler: (h: typeof check) => void (check = h),
    request: (permission: string) =>
      new Promise<boolean>((resolve) => request!(null, permission, resolve)),
    check: (permission: string) => check!(null, permission),
    installed: () => request !== null && check !== null
  }
}

const PERMISSIONS = [
  'media',
  'geolocation',
  'notifications',
  'openExternal',
  'clipboard-read',
  'clipboard-sanitized-write',
  'fullscreen',
  'midi',
  'pointerLock',
  'hid',
  'serial',
  'usb',
  'fileSystem',
  'unknown'
]

describe('permissions (E9)', () => {
  it('installs both the request and the check handler', () => {
    const session = fakeSession()
    denyAllPermissions(session)
    expect(session.installed()).toBe(true)
  })

  it.each(PERMISSIONS)('refuses a %s request and check', async (permission) => {
    const session = fakeSession()
    denyAllPermissions(session)
    await expect(session.request(permission)).resolves.toBe(false)
    expect(session.check(permission)).toBe(false)
  })
})
