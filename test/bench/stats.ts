/** Small statistics helpers for benchmarks that report ratios measured side by side. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const s = [...values].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]
}

export function ms(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6
}

export function fmt(n: number, digits = 1): string {
  return Number.isFinite(n) ? n.toFixed(digits) : 'n/a'
}

/** One printed line: a figure, its baseline, their ratio and the target it is held to. */
export function report(
  name: string,
  value: string,
  baseline: string,
  ratio: number | undefined,
  target: string,
  pass: boolean | undefined
): void {
  const r = ratio === undefined ? '' : `ratio ${fmt(ratio, 2)}`
  const verdict = pass === undefined ? '' : pass ? 'ok' : 'MISSED'
  console.log(
    `${name.padEnd(44)} ${value.padEnd(16)} ${baseline.padEnd(22)} ${r.padEnd(12)} ${target.padEnd(22)} ${verdict}`
  )
}
