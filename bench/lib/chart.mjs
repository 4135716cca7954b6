// Hand-written SVG chart: one row per SPEC §7 target. Each bar runs from the target line
// to the measured value, as "measured ÷ target" on a log scale oriented so that left
// always means better: green bars (left of the line) meet the target, red ones miss it.

const WIDTH = 980
const ROW = 34
const LABEL_W = 330
const PLOT_W = 300
const PLOT_X = LABEL_W + 10
const TOP = 62
/** The plot spans 1/SPAN … SPAN times the target. */
const SPAN = 10
const GREEN = '#2e9e5b'
const RED = '#d1453b'
const GREY = '#8a8f98'

const escapeXml = text =>
  String(text).replace(/[<>&"']/g, c => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c])

/** Measured relative to the target, < 1 meaning better than the target whatever the direction. */
function normalized(check, value) {
  if (!Number.isFinite(value) || value <= 0) return NaN
  return check.op === '<=' ? value / check.target : check.target / value
}

function x(v) {
  const clamped = Math.min(SPAN, Math.max(1 / SPAN, v))
  return PLOT_X + ((Math.log10(clamped) / Math.log10(SPAN) + 1) / 2) * PLOT_W
}

const fmt = n => (Number.isFinite(n) ? String(n) : '—')
const targetText = c =>
  `${c.op === '<=' ? '≤' : '≥'} ${c.target}${c.unit === 'B' ? ' B' : ` ${c.unit}`}`.replace(' ×', '×')

export function renderChart(results) {
  const checks = Object.values(results.figures).flatMap(f => f.checks)
  const height = TOP + checks.length * ROW + 46
  const parts = []
  const env = results.environment
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-size="13">`,
  )
  parts.push(`<title>toolreg benchmarks: SPEC §7 targets, measured ${escapeXml(results.date.slice(0, 10))}</title>`)
  parts.push(`<rect x="0" y="0" width="${WIDTH}" height="${height}" fill="#ffffff"/>`)
  parts.push(
    `<text x="12" y="24" font-size="16" font-weight="600">toolreg vs the alternatives — SPEC §7 targets${results.quick ? ' (QUICK MODE: tiny sizes, not representative)' : ''}</text>`,
  )
  parts.push(
    `<text x="12" y="44" fill="#555">${escapeXml(`${results.date.slice(0, 16).replace('T', ' ')} UTC · ${env.cpu}, ${env.cores} cores · Node ${env.node} · Vite ${env.vite}`)} · bar = measured ÷ target, log scale, left is better</text>`,
  )
  // Green and red halves, then the target line.
  const plotTop = TOP - 6
  const plotBottom = TOP + checks.length * ROW
  parts.push(
    `<rect x="${PLOT_X}" y="${plotTop}" width="${PLOT_W / 2}" height="${plotBottom - plotTop}" fill="${GREEN}" fill-opacity="0.06"/>`,
  )
  parts.push(
    `<rect x="${PLOT_X + PLOT_W / 2}" y="${plotTop}" width="${PLOT_W / 2}" height="${plotBottom - plotTop}" fill="${RED}" fill-opacity="0.06"/>`,
  )
  checks.forEach((check, i) => {
    const y = TOP + i * ROW
    const mid = y + ROW / 2 - 4
    parts.push(`<text x="12" y="${mid + 4}">${escapeXml(check.label)}</text>`)
    const v = normalized(check, check.measured)
    if (check.status === 'not-measured' || !Number.isFinite(v)) {
      parts.push(
        `<text x="${PLOT_X + 6}" y="${mid + 4}" fill="${GREY}" font-style="italic">not measured: ${escapeXml(String(check.reason ?? '').slice(0, 60))}</text>`,
      )
      parts.push(
        `<text x="${PLOT_X + PLOT_W + 14}" y="${mid + 4}" fill="${GREY}">target ${escapeXml(targetText(check))}</text>`,
      )
      return
    }
    const color = check.status === 'pass' ? GREEN : RED
    const x1 = x(1)
    const x2 = x(v)
    parts.push(
      `<rect x="${Math.min(x1, x2).toFixed(1)}" y="${mid - 8}" width="${Math.max(1.5, Math.abs(x2 - x1)).toFixed(1)}" height="16" fill="${color}" rx="2"/>`,
    )
    const lo = normalized(check, check.summary?.p25)
    const hi = normalized(check, check.summary?.p75)
    if (Number.isFinite(lo) && Number.isFinite(hi) && lo !== hi) {
      const [a, b] = [x(lo), x(hi)].sort((p, q) => p - q)
      parts.push(
        `<path d="M${a.toFixed(1)} ${mid}H${b.toFixed(1)}M${a.toFixed(1)} ${mid - 5}V${mid + 5}M${b.toFixed(1)} ${mid - 5}V${mid + 5}" stroke="#222" stroke-width="1.2" fill="none"/>`,
      )
    }
    const text = `${fmt(check.measured)}${check.unit === 'B' ? ' B' : check.unit === '×' || check.unit === '× faster' ? '×' : ` ${check.unit}`}`
    parts.push(
      `<text x="${PLOT_X + PLOT_W + 14}" y="${mid + 4}" fill="${color}" font-weight="600">${escapeXml(text)}</text>`,
    )
    parts.push(
      `<text x="${PLOT_X + PLOT_W + 110}" y="${mid + 4}" fill="#555">target ${escapeXml(targetText(check))} · ${check.status.toUpperCase()}</text>`,
    )
  })
  parts.push(
    `<line x1="${x(1)}" y1="${plotTop}" x2="${x(1)}" y2="${plotBottom}" stroke="#222" stroke-width="1.5" stroke-dasharray="4 3"/>`,
  )
  for (const tick of [0.1, 0.2, 0.5, 1, 2, 5, 10]) {
    parts.push(`<line x1="${x(tick)}" y1="${plotBottom}" x2="${x(tick)}" y2="${plotBottom + 4}" stroke="#222"/>`)
    parts.push(
      `<text x="${x(tick)}" y="${plotBottom + 16}" text-anchor="middle" font-size="11" fill="#555">${tick === 1 ? 'target' : `${tick}×`}</text>`,
    )
  }
  parts.push(
    `<text x="${PLOT_X}" y="${plotBottom + 34}" font-size="11" fill="#555">whiskers: p25–p75 · values beyond 10× are clamped to the edge</text>`,
  )
  parts.push('</svg>')
  return `${parts.join('\n')}\n`
}
