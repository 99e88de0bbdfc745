/**
 * JSON with object keys sorted, so two values that differ only in key order compare equal:
 * the history must record what changed, not how a serializer happened to order it.
 */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v
    const sorted: Record<string, unknown> = {}
    for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k]
    return sorted
  })
}

/** Top-level members of two objects whose values differ (absent counts as a value). */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>
): { key: string; old: unknown; new: unknown }[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  const out: { key: string; old: unknown; new: unknown }[] = []
  for (const key of [...keys].sort()) {
    const a = before[key]
    const b = after[key]
    if (a === b) continue
    if (a !== undefined && b !== undefined && stableStringify(a) === stableStringify(b)) continue
    out.push({ key, old: a, new: b })
  }
  return out
}
