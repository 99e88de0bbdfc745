import { describe, expect, it } from 'vitest'
import { findingsOf, judge, type Accepted } from '../../../scripts/security-gate'

const accepted: Accepted[] = [
  { check: 'CSP_GLOBAL_CHECK', file: 'src-renderer/index.html', reason: 'Mantine' }
]

describe('the Electronegativity gate', () => {
  it('reads findings from SARIF, with the file as the tool names it', () => {
    const findings = findingsOf({
      runs: [
        {
          results: [
            {
              ruleId: 'NODE_INTEGRATION_JS_CHECK',
              message: { text: 'Disable nodeIntegration' },
              locations: [
                {
                  physicalLocation: {
                    artifactLocation: { uri: 'src-main\\main-window.ts' },
                    region: { startLine: 12 }
                  }
                }
              ]
            }
          ]
        }
      ]
    })
    expect(findings).toEqual([
      {
        check: 'NODE_INTEGRATION_JS_CHECK',
        file: 'src-main/main-window.ts',
        line: 12,
        message: 'Disable nodeIntegration'
      }
    ])
  })

  it('fails a finding the allowlist does not review, wherever its line moved', () => {
    const csp = {
      check: 'CSP_GLOBAL_CHECK',
      file: 'src-renderer/index.html',
      line: 30,
      message: ''
    }
    const node = { check: 'NODE_INTEGRATION_JS_CHECK', file: 'src-main/x.ts', line: 3, message: '' }
    expect(judge([csp, node], accepted)).toEqual({ unreviewed: [node], stale: [] })
    // The same check in another file is another finding, not covered by the entry.
    const elsewhere = { ...csp, file: 'src-renderer/other.html' }
    expect(judge([csp, elsewhere], accepted).unreviewed).toEqual([elsewhere])
  })

  it('fails an allowlist entry that no finding needs any more', () => {
    expect(judge([], accepted)).toEqual({ unreviewed: [], stale: accepted })
  })
})
