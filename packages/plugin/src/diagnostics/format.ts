// Diagnostics as text for people, JSON for tools, and GitHub workflow
// commands for CI annotations (README: "Diagnostics", "CLI").
import type { Diagnostic, DiagnosticSite, ToolManifest } from '../types.js'

export type DiagnosticFormat = 'text' | 'json' | 'github'

/** `file:line:column`, or just `file` for a whole file or dir (line 0). */
function formatLocation(site: Pick<DiagnosticSite, 'file' | 'line' | 'column'>): string {
  if (site.line <= 0) return site.file
  return site.column > 0 ? `${site.file}:${site.line}:${site.column}` : `${site.file}:${site.line}`
}

const indent = (text: string, by: string): string =>
  text
    .split('\n')
    .map(l => (l === '' ? l : by + l))
    .join('\n')

function formatText(d: Diagnostic): string {
  const parts = [`${formatLocation(d)} - ${d.severity} ${d.code}: ${d.message}`]
  if (d.frame) parts.push('', indent(d.frame, '  '), '')
  for (const r of d.related ?? []) {
    parts.push(`  ${formatLocation(r)} - also registered here`)
    if (r.frame) parts.push('', indent(r.frame, '    '), '')
  }
  const text = parts.join('\n')
  let end = text.length
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--
  return text.slice(0, end)
}

// GitHub workflow commands: https://docs.github.com/actions/reference/workflow-commands-for-github-actions
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}
function escapeProperty(s: string): string {
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
  const rows = tools.map(t => [t.name ?? '(dynamic)', t.toolset ?? '(dynamic)', formatLocation(t)])
  const header = ['NAME', 'TOOLSET', 'LOCATION']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map(r => r[i]!.length)))
  const line = (cells: string[]): string =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')
  return [line(header), ...rows.map(line)].join('\n')
}
