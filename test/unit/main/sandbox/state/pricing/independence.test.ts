import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The sandbox stands for the service, so its prices must not come from the client's pricing
 * code: a client estimate compared with a quote computed by the same code agrees whatever the
 * rule. The same holds for whether a stay may be booked at all: the app counts a stay bookable
 * by the client's stay rules, and that count is only evidence when the service decides it by
 * its own. Only the wire schemas (@shared/api) and units (dates, money formatting for
 * published records) may be shared; eslint.config.js fences the sandbox to them.
 */

const ROOT = resolve(import.meta.dirname, '../../../../../..')
const SANDBOX = join(ROOT, 'src-main/sandbox')
const CLIENT_RULES = [
  'pricing',
  'discounts',
  'fees',
  'instalments',
  'quote-wire',
  'stay-rules',
  'stay-limits',
  'card'
]

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []
  )
}

function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'/g)].map((m) => m[1])
}

describe('the sandbox prices with its own code', () => {
  it('no sandbox module imports the client’s pricing, discount, fee, instalment, stay or card rules', () => {
    const offending = sources(SANDBOX).flatMap((file) =>
      importsOf(file)
        .filter((spec) => CLIENT_RULES.some((m) => spec === `@shared/domain/${m}`))
        .map((spec) => `${relative(ROOT, file)} imports ${spec}`)
    )
    expect(offending).toEqual([])
  })

  it('its pricing module does not use the client’s money arithmetic either', () => {
    const offending = sources(join(SANDBOX, 'state/pricing')).flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec === '@shared/domain/money')
        .map((spec) => `${relative(ROOT, file)} imports ${spec}`)
    )
    expect(offending).toEqual([])
  })
})
