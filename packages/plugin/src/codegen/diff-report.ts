// `toolreg diff`'s output: text for a terminal, markdown for a pull-request comment, GitHub
// workflow commands for annotations (see the plugin README, "CLI").
import type { ChangeClass, ManifestDiff, ToolChange } from './manifest-diff.js'

export type DiffFormat = 'text' | 'markdown' | 'github'
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

// GitHub's workflow-command escaping: properties also escape `:` and `,`.
const ghData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
const ghProp = (s: string) => ghData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')
// A table cell: no pipe or newline may end it early; backticks would open code spans.
const cell = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/[\r\n]+/g, ' ')
    .replace(/`/g, "'")

export function formatDiff(d: ManifestDiff, format: DiffFormat): string {
  switch (format) {
    case 'text':
      return (
        d.changes.map(c => `${c.class.padEnd(10)} ${c.tool}: ${c.message} (${where(c)})`).join('\n') +
        (d.changes.length ? '\n\n' : '') +
        summary(d) +
        '\n'
      )
    case 'github':
      return d.changes
        .map(c => {
          const level = c.class === 'compatible' ? 'notice' : c.class === 'security' ? 'error' : 'warning'
          return `::${level} file=${ghProp(c.file)},line=${c.line},col=${c.column},title=${ghProp(`toolreg diff: ${c.class}`)}::${ghData(`${c.tool}: ${c.message}`)}`
        })
        .map(line => line + '\n')
        .join('')
    case 'markdown': {
      const lines = ['### Tool surface changes', '', summary(d)]
      if (d.changes.length) {
        lines.push('', '| | tool | change | where |', '|---|---|---|---|')
        for (const c of d.changes)
          lines.push(
            `| ${c.class === 'compatible' ? c.class : `**${c.class}**`} | \`${cell(c.tool)}\` | ${cell(c.message)} | \`${cell(where(c))}\` |`,
          )
      }
      return lines.join('\n') + '\n'
    }
  }
}
