// Diagnostics as text for people, JSON for tools, and GitHub workflow
// commands for CI annotations (README: "Diagnostics", "CLI").
import type { Diagnostic, DiagnosticSite, ToolManifest } from '../types.js'

export type DiagnosticFormat = 'text' | 'json' | 'github'

// Characters a terminal or a CI log would act on rather than show: C0 and C1 controls (ESC
// sequences, CR, a line break that could start a fake `::error` command), line and paragraph
// separators, and bidi controls that reorder what is shown (overrides, embeddings, isolates and
// the marks ALM, LRM, RLM).
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g
const LINE_CONTROL =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g
const escapeChar = (c: string): string =>
  c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`

/** `text` with every control character written as an escape: text from a tool file, printed. */
export const printable = (text: string): string => text.replace(CONTROL, escapeChar)
/** The same, keeping line breaks (a code frame's lines). */
export const printableLines = (text: string): string => text.replace(LINE_CONTROL, escapeChar)

/** `file:line:column`, or just `file` for a whole file or dir (line 0). */
function formatLocation(site: Pick<DiagnosticSite, 'file' | 'line' | 'column'>): string {
  const file = printable(site.file)
  if (site.line <= 0) return file
  return site.column > 0 ? `${file}:${site.line}:${site.column}` : `${file}:${site.line}`
}

const indent = (text: string, by: string): string =>
  text
    .split('\n')
    .map(l => (l === '' ? l : by + l))
    .join('\n')

function formatText(d: Diagnostic): string {
  const parts = [`${formatLocation(d)} - ${d.severity} ${d.code}: ${printable(d.message)}`]
  if (d.frame) parts.push('', indent(printableLines(d.frame), '  '), '')
  for (const r of d.related ?? []) {
    parts.push(`  ${formatLocation(r)} - also registered here`)
    if (r.frame) parts.push('', indent(printableLines(r.frame), '    '), '')
  }
  const text = parts.join('\n')
  let end = text.length
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--
  return text.slice(0, end)
}

// GitHub workflow commands: https://docs.github.com/actions/reference/workflow-commands-for-github-actions
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')
}

function formatGithub(d: Diagnostic): string {
  const props = [`file=${escapeProperty(d.file)}`]
  if (d.line > 0) props.push(`line=${d.line}`)
  if (d.line > 0 && d.column > 0) props.push(`col=${d.column}`)
  props.push(`title=${escapeProperty(d.code)}`)
  return `::${d.severity === 'error' ? 'error' : 'warning'} ${props.join(',')}::${escapeData(d.message)}`
}

export function formatDiagnostics(
  diagnostics: readonly Diagnostic[],
  format: DiagnosticFormat,
  tools: ToolManifest['tools'] = [],
): string {
  switch (format) {
    case 'json':
      return JSON.stringify({ diagnostics, tools }, null, 2)
    case 'github':
      return diagnostics.map(formatGithub).join('\n')
    case 'text':
      return diagnostics.map(formatText).join('\n\n')
    default:
      throw new TypeError(`Unknown diagnostic format ${JSON.stringify(format)}: use text, json or github`)
  }
}

/** `2 errors and 1 warning`, for summaries. */
export function countDiagnostics(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter(d => d.severity === 'error').length
  const warnings = diagnostics.length - errors
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`
  return `${plural(errors, 'error')} and ${plural(warnings, 'warning')}`
}

/** The `toolreg list` table: name, toolset, location. */
export function formatToolTable(tools: ToolManifest['tools']): string {
  const rows = tools.map(t => [
    t.name === null ? '(dynamic)' : printable(t.name),
    t.toolset === null ? '(dynamic)' : printable(t.toolset),
    formatLocation(t),
  ])
  const header = ['NAME', 'TOOLSET', 'LOCATION']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map(r => r[i]!.length)))
  const line = (cells: string[]): string =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')
  return [line(header), ...rows.map(line)].join('\n')
}
