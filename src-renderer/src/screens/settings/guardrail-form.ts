import type { FormErrors } from '@mantine/form'
import { GuardrailRules } from '@shared/watch/alert.schema'
import { formatCents } from '../../components/text'

/**
 * The guardrails form: what the person types (text, so nothing they type is changed behind
 * their back) and the profile's GuardrailRules it becomes. Money is typed in euros and kept in
 * integer cents; a typed "0" is a floor of €0.00, an empty field on a rule switched on is an
 * error, and a rule is off only when its switch says so.
 */

interface ListingFloorValues {
  /** A stable key for the row (React and the form's list). */
  key: string
  listingId: string | null
  euros: string
}

export interface GuardrailValues {
  priceDropOn: boolean
  priceDropPercent: string
  floorOn: boolean
  floorEuros: string
  noRate: boolean
  minStayOn: boolean
  minStayLimit: string
  listingFloors: ListingFloorValues[]
}

const MAX_FLOOR_CENTS = 100_000_000

/** Cents as the form writes euros: 3000 → "30.00" (a plain decimal point, as typed back). */
function eurosText(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

/** What a switched-off rule's field starts with when switched on: the default, never empty. */
const OFF_TEXT = { priceDropPercent: '30', floorEuros: '30.00', minStayLimit: '14' }

let rowKey = 0
export function newRowKey(): string {
  rowKey += 1
  return `floor-${rowKey}`
}

export function valuesFromRules(rules: GuardrailRules): GuardrailValues {
  return {
    priceDropOn: rules.priceDropPercent !== null,
    priceDropPercent:
      rules.priceDropPercent !== null ? String(rules.priceDropPercent) : OFF_TEXT.priceDropPercent,
    floorOn: rules.floorCents !== null,
    floorEuros: rules.floorCents !== null ? eurosText(rules.floorCents) : OFF_TEXT.floorEuros,
    noRate: rules.noRate,
    minStayOn: rules.minStayLimit !== null,
    minStayLimit: rules.minStayLimit !== null ? String(rules.minStayLimit) : OFF_TEXT.minStayLimit,
    listingFloors: rules.listingFloors.map((f) => ({
      key: newRowKey(),
      listingId: String(f.listingId),
      euros: eurosText(f.floorCents)
    }))
  }
}

type Parsed = { ok: true; value: number } | { ok: false; error: string }

/**
 * Euros as typed ("30", "30.5", "30,50") to cents, exactly: more than two decimals, a sign, a
 * thousands separator or a letter is an error that says so, never a rounded or truncated value.
 */
export function parseEuros(text: string, what: string): Parsed {
  const t = text.trim()
  if (t === '') return { ok: false, error: `Enter ${what} in euros, or switch the rule off` }
  if (t.startsWith('-')) return { ok: false, error: `${capital(what)} can’t be negative` }
  const m = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(t)
  if (!m) {
    return /^\d+[.,]\d{3,}$/.test(t)
      ? { ok: false, error: 'Use at most two decimals (cents), e.g. 30.50' }
      : { ok: false, error: `Enter ${what} in euros, such as 30 or 30.50` }
  }
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
  if (cents > MAX_FLOOR_CENTS) {
    return { ok: false, error: `${capital(what)} can be at most ${formatCents(MAX_FLOOR_CENTS)}` }
  }
  return { ok: true, value: cents }
}

/** A whole number in a range, as typed: "30" → 30; "30.5", "" or "abc" are errors in words. */
function parseWhole(text: string, min: number, max: number, unit: string): Parsed {
  const t = text.trim()
  if (t === '') return { ok: false, error: `Enter a number of ${unit}, or switch the rule off` }
  // A negative whole number is out of range, and saying so names what is allowed.
  if (/^-\d+$/.test(t)) return { ok: false, error: `Enter ${min} to ${max} ${unit}` }
  if (!/^\d+$/.test(t)) return { ok: false, error: `Enter a whole number of ${unit}` }
  const n = Number(t)
  if (n < min || n > max) {
    return { ok: false, error: `Enter ${min} to ${max} ${unit}` }
  }
  return { ok: true, value: n }
}

const capital = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`

/** The money a valid euro field will be saved as, to show under it ("Read as €30.00"). */
export function eurosPreview(text: string): string | null {
  const p = parseEuros(text, 'a floor')
  return p.ok ? `Read as ${formatCents(p.value)}` : null
}

/** The rules these values make, or the errors by the form's field paths. */
export function rulesFromValues(
  v: GuardrailValues
): { ok: true; rules: GuardrailRules } | { ok: false; errors: FormErrors } {
  const errors: FormErrors = {}
  const take = (path: string, p: Parsed): number | null => {
    if (p.ok) return p.value
    errors[path] = p.error
    return null
  }
  const priceDropPercent = v.priceDropOn
    ? take('priceDropPercent', parseWhole(v.priceDropPercent, 1, 99, 'percent'))
    : null
  const floorCents = v.floorOn ? take('floorEuros', parseEuros(v.floorEuros, 'a floor')) : null
  const minStayLimit = v.minStayOn
    ? take('minStayLimit', parseWhole(v.minStayLimit, 1, 365, 'nights'))
    : null
  const seen = new Set<number>()
  const listingFloors: GuardrailRules['listingFloors'] = []
  v.listingFloors.forEach((row, i) => {
    const id = row.listingId !== null && /^\d+$/.test(row.listingId) ? Number(row.listingId) : null
    if (id === null) errors[`listingFloors.${i}.listingId`] = 'Choose a listing'
    else if (seen.has(id)) {
      errors[`listingFloors.${i}.listingId`] = 'This listing already has a floor above'
    } else seen.add(id)
    const cents = take(`listingFloors.${i}.euros`, parseEuros(row.euros, 'the listing’s floor'))
    if (id !== null && cents !== null) listingFloors.push({ listingId: id, floorCents: cents })
  })
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  const rules = { priceDropPercent, floorCents, listingFloors, noRate: v.noRate, minStayLimit }
  // The contract's own schema, as main checks it: a form that passes here is never refused there.
  const checked = GuardrailRules.safeParse(rules)
  if (!checked.success) {
    return { ok: false, errors: { form: checked.error.issues.map((i) => i.message).join('; ') } }
  }
  return { ok: true, rules: checked.data }
}

/** The form field a path of main's refusal names ('floorCents' → 'floorEuros'). */
export function formPathOf(field: string): string | undefined {
  if (field === 'floorCents') return 'floorEuros'
  if (field === 'priceDropPercent' || field === 'minStayLimit') return field
  const m = /^listingFloors\.(\d+)\.(listingId|floorCents)$/.exec(field)
  if (m) return `listingFloors.${m[1]}.${m[2] === 'floorCents' ? 'euros' : 'listingId'}`
  return undefined
}
