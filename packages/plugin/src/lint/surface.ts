// `toolreg check`'s surface lint: the static definitions of `manifest --definitions` checked
// against the providers', the clients' and the project's limits (packages/plugin/README.md,
// "Surface lint"). The rules' severities come from `surface.rules`; `strict` makes warnings errors.
import { deferredToolNames } from '../codegen/deferred.js'
import { manifestWithDefinitions } from '../scan/cross-file/definitions.js'
import type { ResolvedSurface, SurfaceEncoding } from '../types.js'
import type { Diagnostic, ScanResult } from '../types.js'
import { checkRules, lintTools, type Finding, type LintTool } from './rules.js'
import { definitionText, loadTokenizer } from './tokens.js'

/** The token summary of `check --format json` (`surface`). */
export interface SurfaceSummary {
  tools: { name: string; toolset: string; tokens: number; deferred: boolean }[]
  /** Tokens per toolset, deferred tools included. */
  toolsets: Record<string, number>
  /** Tokens of the always-loaded tools (deferred ones left out). */
  surface: number
  encoding: SurfaceEncoding
}

export interface SurfaceLint {
  diagnostics: Diagnostic[]
  summary: SurfaceSummary
}

function budgets(
  tools: readonly LintTool[],
  summary: SurfaceSummary,
  surface: ResolvedSurface,
  dir: string,
): Finding[] {
  const { tool, toolset, surface: whole } = surface.budget
  const unit = `tokens (${summary.encoding})`
  const out: Finding[] = []
  if (tool !== undefined)
    for (const [i, t] of tools.entries()) {
      const n = summary.tools[i]!.tokens
      if (n > tool)
        out.push({
          ...t.site,
          code: 'TR207',
          message: `Tool "${t.name}" costs ${n} ${unit}, over the tool budget of ${tool}`,
        })
    }
  if (toolset !== undefined)
    for (const [name, n] of Object.entries(summary.toolsets)) {
      if (n <= toolset) continue
      const first = tools.find(t => t.toolset === name)!
      out.push({
        ...first.site,
        code: 'TR207',
        message: `Toolset "${name}" costs ${n} ${unit}, over the toolset budget of ${toolset}`,
      })
    }
  if (whole !== undefined && summary.surface > whole)
    out.push({
      file: dir,
      line: 0,
      column: 0,
      code: 'TR207',
      message: `The always-loaded surface costs ${summary.surface} ${unit}, over the surface budget of ${whole}`,
    })
  return out
}

const order = (a: Diagnostic, b: Diagnostic): number =>
  a.file < b.file
    ? -1
    : a.file > b.file
      ? 1
      : a.line - b.line || a.column - b.column || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)

/** Lint the surface of a scan whose options have `surface`. */
export async function lintSurface(result: ScanResult, surface: ResolvedSurface): Promise<SurfaceLint> {
  const manifest = await manifestWithDefinitions(result)
  // The plugin's `defer` option counts as well as `surface.deferred`: the same tools are deferred in the app.
  const tools = lintTools(manifest.tools, surface, new Set(deferredToolNames(result)))
  const countTokens = await loadTokenizer(surface.encoding)
  const summary: SurfaceSummary = { tools: [], toolsets: {}, surface: 0, encoding: surface.encoding }
  for (const t of tools) {
    const tokens = countTokens(definitionText(t.name, t.definition.description, t.definition.parameters))
    summary.tools.push({ name: t.name, toolset: t.toolset, tokens, deferred: t.deferred })
    summary.toolsets[t.toolset] = (summary.toolsets[t.toolset] ?? 0) + tokens
    if (!t.deferred) summary.surface += tokens
  }
  const dir = result.options.dirs[0] ?? '.'
  const diagnostics: Diagnostic[] = []
  for (const f of [...checkRules(tools, surface, dir), ...budgets(tools, summary, surface, dir)]) {
    const setting = surface.rules[f.code]
    if (setting === 'off') continue
    diagnostics.push({ ...f, severity: setting === 'warning' && !result.options.strict ? 'warning' : 'error' })
  }
  return { diagnostics: diagnostics.sort(order), summary }
}

/** The line `check` prints under its text summary. */
export function surfaceLine(summary: SurfaceSummary): string {
  const loaded = summary.tools.filter(t => !t.deferred).length
  const deferred = summary.tools.length - loaded
  const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : 's'}`
  return `surface: ${plural(summary.surface, 'token')} (${summary.encoding}) for ${plural(loaded, 'always-loaded tool')}${deferred > 0 ? `, ${deferred} deferred` : ''}`
}
