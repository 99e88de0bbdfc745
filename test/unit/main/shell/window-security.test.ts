import { describe, expect, it } from 'vitest'
import { isAppUrl, secureWebPreferences } from '../../../../src-main/shell/window-security'

describe('window security settings', () => {
  it('isolate and sandbox the renderer with no Node and web security on', () => {
    const prefs = secureWebPreferences('/app/out/preload/preload.cjs')
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      // Middle clicks can't open windows behind the link rules (Electronegativity AUXCLICK).
      disableBlinkFeatures: 'Auxclick'
    })
    expect(prefs).not.toHaveProperty('enableBlinkFeatures')
    expect(prefs.preload).toBe('/app/out/preload/preload.cjs')
  })
})

describe('navigation stays inside the app', () => {
  const built = 'file:///opt/staydesk/out/renderer/index.html'
  const dev = 'http://localhost:5173'
  it.each([
    [built, built, true],
    ['file:///opt/staydesk/out/renderer/index.html#/listings', built, true],
    ['file:///etc/passwd', built, false],
    ['file://localhost/opt/staydesk/out/renderer/index.html', built, true],
    ['file://evil.example/opt/staydesk/out/renderer/index.html', built, false],
    ['file://127.0.0.1/opt/staydesk/out/renderer/index.html', built, false],
    ['file:////evil.example/opt/staydesk/out/renderer/index.html', built, false],
    ['https://example.com', built, false],
    ['javascript:alert(1)', built, false],
    ['data:text/html,<script>1</script>', built, false],
    ['http://localhost:5173/#/sync', dev, true],
    ['http://localhost:5173.evil.example/', dev, false],
    ['http://localhost:5174/', dev, false],
    ['https://localhost:5173/', dev, false],
    ['not a url', dev, false]
  ])('%s from %s → %s', (url, entry, allowed) => {
    expect(isAppUrl(url, entry)).toBe(allowed)
  })
})
