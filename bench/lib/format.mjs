// Display helpers shared by the figure tables and the report.

/** `median (p25–p75)` of a rounded summary. */
export const spread = (s, unit = '') => (s ? `${s.median}${unit} (${s.p25}–${s.p75})` : '—')

export const ratio = s => spread(s, '×')

export function bytes(n) {
  if (!Number.isFinite(n)) return '—'
  if (Math.abs(n) < 1024) return `${n} B`
  return `${(n / 1024).toFixed(2)} KiB`
}
