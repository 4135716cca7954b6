// `toolreg diff`'s output: text for a terminal, JSON for tools, markdown for a pull-request
// comment, GitHub workflow commands for annotations (see the plugin README, "CLI"). Names,
// values and file names come from tool files: each format escapes them as `toolreg list` and
// `check` do (controls, line breaks and bidi controls written as escapes); markdown puts them
// in code spans, where no link, image, HTML or @-mention is read.
import { escapeData, escapeProperty, printable, printableLines } from '../../diagnostics/format.js'
import type { ChangeClass, ManifestDiff, MessagePart, ToolChange } from './manifest-diff.js'

export type DiffFormat = 'text' | 'json' | 'markdown' | 'github'
export type FailOn = 'breaking' | 'any'

const CLASSES: readonly ChangeClass[] = ['security', 'breaking', 'compatible']
const count = (d: ManifestDiff, c: ChangeClass) => d.changes.filter(x => x.class === c).length
const where = (c: ToolChange) => `${c.file}:${c.line}:${c.column}`

/** Whether `--fail-on` matches: `breaking` for breaking and security changes, `any` for every change. */
export function failsOn(diff: ManifestDiff, failOn: FailOn | undefined): boolean {
  if (failOn === undefined) return false
  return failOn === 'any' ? diff.changes.length > 0 : diff.changes.some(c => c.class !== 'compatible')
}

function summary(d: ManifestDiff): string {
  if (d.changes.length === 0) return 'no changes to the tool surface'
  const parts = CLASSES.filter(c => count(d, c) > 0).map(c => `${count(d, c)} ${c}`)
  const tools = [
    d.added.length && `${d.added.length} added`,
    d.removed.length && `${d.removed.length} removed`,
    d.renamed.length && `${d.renamed.length} renamed`,
  ].filter(Boolean)
  return parts.join(', ') + (tools.length ? ` (tools: ${tools.join(', ')})` : '')
}

/**
 * A markdown code span inside a table cell: printable, pipes escaped (GFM reads `\|` as a pipe
 * even in a code span), fenced by more backticks than the longest run inside.
 */
function codeSpan(s: string): string {
  const text = printable(s).replace(/\|/g, '\\|')
  let longest = 0
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length)
  const fence = '`'.repeat(longest + 1)
  const pad = /^[` ]|[` ]$/.test(text) || text === '' ? ' ' : ''
  return fence + pad + text + pad + fence
}
/** The diff's own words in a table cell, with markdown's active characters escaped all the same. */
const markdownText = (s: string) => printable(s).replace(/[\\`*_[\]<>!|~@&]/g, '\\$&')
const markdownMessage = (parts: readonly MessagePart[]) =>
  parts.map(p => (typeof p === 'string' ? markdownText(p) : codeSpan('name' in p ? p.name : p.code))).join('')

export function formatDiff(d: ManifestDiff, format: DiffFormat): string {
  switch (format) {
    case 'text':
      return (
        d.changes
          .map(c => `${c.class.padEnd(10)} ${printable(c.tool)}: ${printable(c.message)} (${printable(where(c))})`)
          .join('\n') +
        (d.changes.length ? '\n\n' : '') +
        summary(d) +
        '\n'
      )
    case 'json': {
      const { added, removed, renamed } = d
      const changes = d.changes.map(({ parts: _, ...c }) => c)
      // JSON.stringify escapes C0 controls; the rest (C1, separators, bidi) become \u escapes
      // too, which read back as the same strings.
      return printableLines(JSON.stringify({ added, removed, renamed, changes }, null, 2)) + '\n'
    }
    case 'github':
      return d.changes
        .map(c => {
          const level = c.class === 'compatible' ? 'notice' : c.class === 'security' ? 'error' : 'warning'
          const props = `file=${escapeProperty(printable(c.file))},line=${c.line},col=${c.column},title=${escapeProperty(`toolreg diff: ${c.class}`)}`
          return `::${level} ${props}::${escapeData(printable(`${c.tool}: ${c.message}`))}\n`
        })
        .join('')
    case 'markdown': {
      const lines = ['### Tool surface changes', '', summary(d)]
      if (d.changes.length) {
        lines.push('', '| | tool | change | where |', '|---|---|---|---|')
        for (const c of d.changes)
          lines.push(
            `| ${c.class === 'compatible' ? c.class : `**${c.class}**`} | ${codeSpan(c.tool)} | ${markdownMessage(c.parts)} | ${codeSpan(where(c))} |`,
          )
      }
      return lines.join('\n') + '\n'
    }
  }
}
