import { describe, expect, it } from 'vitest'
import {
  explain,
  findingsOf,
  fingerprintOf,
  judge,
  parseAllowlist,
  proposedAllowlist,
  type Accepted,
  type Finding
} from '../../../scripts/security-gate'

const WINDOW = 'src-main/shell/main-window.ts'

/** A main-window.ts as the tool sees it: one window whose options it can't follow. */
const mainWindow = [
  "import { BrowserWindow } from 'electron'",
  "import { secureWebPreferences } from './window-security'",
  '',
  'export function createMainWindow(preload: string): BrowserWindow {',
  '  const win = new BrowserWindow({',
  '    show: false,',
  '    webPreferences: secureWebPreferences(preload)',
  '  })',
  '  return win',
  '}',
  ''
].join('\n')

/** Electronegativity's SARIF for findings of `check` on each of `lines` of `file`. */
function sarif(file: string, check: string, lines: number[], message = 'Review this') {
  return {
    runs: [
      {
        results: lines.map((startLine) => ({
          ruleId: check,
          message: { text: message },
          locations: [
            { physicalLocation: { artifactLocation: { uri: file }, region: { startLine } } }
          ]
        }))
      }
    ]
  }
}

/** Findings of the sandbox check on `lines` of a main-window.ts whose text is `source`. */
function sandboxFindings(source: string, lines: number[]): Finding[] {
  return findingsOf(sarif(WINDOW, 'SANDBOX_JS_CHECK', lines), (file) =>
    file === WINDOW ? source : undefined
  )
}

/** The allowlist a reviewer writes for `findings` with --print, reasons filled in. */
function reviewed(findings: Finding[]): Accepted[] {
  return proposedAllowlist(findings, []).accepted.map((e) => ({ ...e, reason: 'reviewed' }))
}

// Today's reviewed finding: the main window, flagged on its `new BrowserWindow({` line.
const today = sandboxFindings(mainWindow, [5])
const allowlist = reviewed(today)

describe('the Electronegativity gate', () => {
  it('reads findings from SARIF, with the file as the tool names it and its line fingerprinted', () => {
    const findings = findingsOf(
      sarif('src-main\\shell\\main-window.ts', 'NODE_INTEGRATION_JS_CHECK', [5], 'Disable it'),
      (file) => (file === WINDOW ? mainWindow : undefined)
    )
    expect(findings).toEqual([
      {
        check: 'NODE_INTEGRATION_JS_CHECK',
        file: WINDOW,
        line: 5,
        message: 'Disable it',
        fingerprint: fingerprintOf('const win = new BrowserWindow({')
      }
    ])
    expect(findings[0].fingerprint).toMatch(/^[0-9a-f]{16}$/)
  })

  it('passes the reviewed findings as they are', () => {
    expect(judge(today, allowlist)).toEqual({ unreviewed: [], stale: [] })
  })

  it('fails a second insecure window in an allowlisted file, even on an identical-looking line', () => {
    const second = [
      'export function createHelpWindow(): BrowserWindow {',
      '  const win = new BrowserWindow({',
      '    webPreferences: { sandbox: false }',
      '  })',
      '  return win',
      '}'
    ].join('\n')
    const findings = sandboxFindings(`${mainWindow}\n${second}\n`, [5, 13])
    const verdict = judge(findings, allowlist)
    // Both are listed: which of two identical lines is the new one can't be told.
    expect(verdict).toEqual({ unreviewed: [{ findings, accepted: 1 }], stale: [] })
    // What the reviewer reads names the lines, the fingerprint and the flagged code.
    const said = explain(verdict, () => `${mainWindow}\n${second}\n`).join('\n')
    expect(said).toContain(`NOT REVIEWED SANDBOX_JS_CHECK ${WINDOW}:5,13`)
    expect(said).toContain(`fingerprint ${findings[0].fingerprint}`)
    expect(said).toContain('the allowlist accepts 1')
    expect(said).toContain('const win = new BrowserWindow({')

    // A window written differently is a finding of its own, with no entry at all.
    const other = `${mainWindow}\nconst help = new BrowserWindow({ webPreferences: {} })\n`
    const [, help] = sandboxFindings(other, [5, 12])
    expect(judge([today[0], help], allowlist)).toEqual({
      unreviewed: [{ findings: [help], accepted: 0 }],
      stale: []
    })
  })

  it('fails nothing when the flagged line moves or is indented anew', () => {
    const moved = `// A comment\n// on three\n// new lines\n${mainWindow.replace('  const win', '      const win')}`
    const findings = sandboxFindings(moved, [8])
    expect(findings[0].fingerprint).toBe(today[0].fingerprint)
    expect(judge(findings, allowlist)).toEqual({ unreviewed: [], stale: [] })
  })

  it('makes an entry stale, and its finding unreviewed, when the flagged line is edited', () => {
    const edited = mainWindow.replace('const win = new', 'const mainWin = new')
    const findings = sandboxFindings(edited, [5])
    expect(judge(findings, allowlist)).toEqual({
      unreviewed: [{ findings, accepted: 0 }],
      stale: [{ entry: allowlist[0], found: 0 }]
    })
    expect(explain(judge(findings, allowlist), () => edited).join('\n')).toContain(
      `STALE allowlist entry SANDBOX_JS_CHECK ${WINDOW} fingerprint ${allowlist[0].fingerprint}: accepts 1, 0 found`
    )
  })

  it('fails an entry that accepts more findings than there are, or none at all', () => {
    const two = [{ ...allowlist[0], count: 2 }]
    expect(judge(today, two)).toEqual({ unreviewed: [], stale: [{ entry: two[0], found: 1 }] })
    expect(judge([], allowlist)).toEqual({
      unreviewed: [],
      stale: [{ entry: allowlist[0], found: 0 }]
    })
  })

  it('fingerprints an HTML finding on its whole tag: a weaker CSP below the <meta> line is new', () => {
    const page = (csp: string) =>
      [
        '<head>',
        '  <meta',
        '    http-equiv="Content-Security-Policy"',
        `    content="${csp}"`,
        '  />',
        '  <title>StayDesk</title>',
        '</head>'
      ].join('\n')
    const csp = (policy: string) =>
      findingsOf(sarif('src-renderer/index.html', 'CSP_GLOBAL_CHECK', [2]), () => page(policy))
    const strict = csp("script-src 'self'; style-src 'self' 'unsafe-inline'")
    const weaker = csp("script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'")
    expect(weaker[0].fingerprint).not.toBe(strict[0].fingerprint)
    expect(judge(weaker, reviewed(strict)).unreviewed).toEqual([{ findings: weaker, accepted: 0 }])
    // The tag ends at its `>`: the title after it is not part of the fingerprint.
    const retitled = findingsOf(sarif('src-renderer/index.html', 'CSP_GLOBAL_CHECK', [2]), () =>
      page("script-src 'self'; style-src 'self' 'unsafe-inline'").replace('StayDesk', 'Other')
    )
    expect(retitled[0].fingerprint).toBe(strict[0].fingerprint)
  })

  it('prints the allowlist the findings need: reasons kept, counts found, new entries to review', () => {
    const second = sandboxFindings(
      `${mainWindow}\n${mainWindow.split('\n').slice(4).join('\n')}`,
      [5, 12]
    )
    const csp: Finding = {
      ...second[0],
      check: 'CSP_GLOBAL_CHECK',
      file: 'x.html',
      fingerprint: '0123456789abcdef'
    }
    const proposal = proposedAllowlist(
      [...second, csp],
      [...allowlist, { ...allowlist[0], check: 'GONE' }]
    )
    expect(proposal.accepted).toEqual([
      { ...allowlist[0], count: 2, reason: 'reviewed' },
      {
        check: 'CSP_GLOBAL_CHECK',
        file: 'x.html',
        fingerprint: '0123456789abcdef',
        count: 1,
        reason: ''
      }
    ])
    // The printed list is what the gate reads, and it refuses it until the new reason is written.
    expect(() => parseAllowlist(JSON.stringify(proposal), 'allowlist.json')).toThrow(
      /accepted\[1\]\.reason/
    )
    const written = JSON.stringify({
      ...proposal,
      accepted: proposal.accepted.map((e) => ({ ...e, reason: e.reason || 'Mantine' }))
    })
    expect(judge([...second, csp], parseAllowlist(written, 'allowlist.json'))).toEqual({
      unreviewed: [],
      stale: []
    })
  })

  it('refuses an allowlist entry without its fingerprint, its count or a reason, or given twice', () => {
    const entry = { check: 'CSP_GLOBAL_CHECK', file: 'src-renderer/index.html', reason: 'Mantine' }
    expect(() => parseAllowlist(JSON.stringify({ accepted: [entry] }), 'a.json')).toThrow(
      /a\.json is not a valid allowlist[\s\S]*accepted\[0\]\.fingerprint[\s\S]*accepted\[0\]\.count/
    )
    const full = { ...entry, fingerprint: '0123456789abcdef', count: 1 }
    expect(() => parseAllowlist(JSON.stringify({ accepted: [full, full] }), 'a.json')).toThrow(
      /repeats the entry[\s\S]*accepted\[1\]/
    )
    expect(() =>
      parseAllowlist(JSON.stringify({ accepted: [{ ...full, count: 0 }] }), 'a.json')
    ).toThrow(/accepted\[0\]\.count/)
    expect(() => parseAllowlist('{', 'a.json')).toThrow(/a\.json is not JSON/)
  })
})
