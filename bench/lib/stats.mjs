// Small statistics helpers: every figure reports a median and a spread, never a single sample.

/** Linear-interpolated quantile of a numeric sample (q in [0, 1]). */
export function quantile(values, q) {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const pos = (sorted.length - 1) * q
  const lo = Math.floor(pos)
  const hi = Math.ceil(pos)
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo)
}

export const median = values => quantile(values, 0.5)

/** `{ n, median, p25, p75, p95, min, max }` of a sample. */
export function summarize(values) {
  const finite = values.filter(Number.isFinite)
  return {
    n: finite.length,
    median: median(finite),
    p25: quantile(finite, 0.25),
    p75: quantile(finite, 0.75),
    p95: quantile(finite, 0.95),
    min: Math.min(...finite),
    max: Math.max(...finite),
  }
}

/**
 * Ratio of two paired samples (a[i] / b[i]): pairs are measured back to back, so
 * machine load drifting during the run affects both sides of each ratio alike.
 */
export function pairedRatios(a, b) {
  const n = Math.min(a.length, b.length)
  const out = []
  for (let i = 0; i < n; i++) out.push(a[i] / b[i])
  return out
}

/** Round to a few significant digits for display and JSON. */
export function round(value, digits = 3) {
  if (!Number.isFinite(value) || value === 0) return value
  const scale = 10 ** (digits - 1 - Math.floor(Math.log10(Math.abs(value))))
  return Math.round(value * scale) / scale
}

export function roundSummary(summary, digits = 3) {
  const out = {}
  for (const [key, value] of Object.entries(summary)) out[key] = key === 'n' ? value : round(value, digits)
  return out
}
