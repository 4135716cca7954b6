// The surface rules that need no tokenizer: TR201 names, TR202 client caps, TR203/TR204
// descriptions, TR205 parameter descriptions, TR206 approval policy (packages/plugin/README.md,
// "Surface lint"). Each finding is a diagnostic without its severity.
import type { ResolvedSurface, SurfaceCode } from '../types.js'
import type { DiagnosticSite, StaticDefinition, ToolManifest } from '../types.js'
import { CLIENT_CAPS, PROVIDER_RULES, nameProblem } from './limits.js'

export interface Finding extends DiagnosticSite {
  code: SurfaceCode
  message: string
}

/** A tool with a static name, as the rules see it. */
export interface LintTool {
  name: string
  /** `(dynamic)` when the toolset is not static. */
  toolset: string
  site: DiagnosticSite
  definition: StaticDefinition
  needsApproval?: boolean | 'dynamic'
  annotations?: Record<string, unknown>
  deferred: boolean
}

type ManifestTool = ToolManifest['tools'][number]

/** The named tools of the manifest (with definitions), marked deferred per `surface.deferred` or the `defer` option (`deferred`). */
export function lintTools(
  tools: readonly ManifestTool[],
  surface: ResolvedSurface,
  deferred: ReadonlySet<string> = new Set(),
): LintTool[] {
  const out: LintTool[] = []
  for (const t of tools) {
    if (t.name === null) continue
    const toolset = t.toolset ?? '(dynamic)'
    const definition = t.definition ?? {}
    out.push({
      name: t.name,
      toolset,
      site: { file: t.file, line: t.line, column: t.column },
      definition,
      needsApproval: definition.needsApproval ?? t.needsApproval,
      annotations: definition.annotations ?? t.annotations,
      deferred:
        deferred.has(t.name) ||
        surface.deferred.includes(t.name) ||
        (t.toolset !== null && surface.deferred.includes(t.toolset)),
    })
  }
  return out
}

function names(t: LintTool, surface: ResolvedSurface): Finding[] {
  const sent = surface.prefix + t.name
  const shown =
    surface.prefix === '' ? JSON.stringify(sent) : `${JSON.stringify(sent)} (prefix ${JSON.stringify(surface.prefix)})`
  return surface.providers.flatMap(p => {
    const rule = PROVIDER_RULES[p]
    const problem = nameProblem(rule, sent)
    if (problem === undefined) return []
    return [{ ...t.site, code: 'TR201' as const, message: `${rule.label} rejects tool name ${shown}: it ${problem}` }]
  })
}

function descriptions(t: LintTool, surface: ResolvedSurface): Finding[] {
  const dynamic = t.definition.dynamic ?? []
  const out: Finding[] = []
  const d = t.definition.description
  if (!dynamic.includes('description')) {
    if (d === undefined || d.trim() === '')
      out.push({
        ...t.site,
        code: 'TR203',
        message: `Tool "${t.name}" has no description: the model sees only its name`,
      })
    else if (d.trim().length < surface.minDescription)
      out.push({
        ...t.site,
        code: 'TR204',
        message: `Tool "${t.name}" has a ${d.trim().length}-character description, shorter than minDescription ${surface.minDescription}`,
      })
  }
  const props = t.definition.parameters?.properties
  if (props !== null && typeof props === 'object' && !Array.isArray(props)) {
    for (const [key, schema] of Object.entries(props)) {
      const text = (schema as { description?: unknown } | null)?.description
      if (typeof text === 'string' && text.trim() !== '') continue
      out.push({ ...t.site, code: 'TR205', message: `Parameter "${key}" of tool "${t.name}" has no description` })
    }
  }
  return out
}

function approval(t: LintTool): Finding[] {
  const hints = ['destructiveHint', 'openWorldHint'].filter(h => t.annotations?.[h] === true)
  if (hints.length === 0 || t.needsApproval === true || t.needsApproval === 'dynamic') return []
  const said = t.needsApproval === false ? 'needsApproval: false' : 'no needsApproval'
  return [
    {
      ...t.site,
      code: 'TR206',
      message: `Tool "${t.name}" is annotated ${hints.join(' and ')} but has ${said} (surface.approvalPolicy)`,
    },
  ]
}

/** Every finding of the tokenizer-free rules; `dir` is where surface-wide findings point. */
export function checkRules(tools: readonly LintTool[], surface: ResolvedSurface, dir: string): Finding[] {
  const out = tools.flatMap(t => [
    ...names(t, surface),
    ...descriptions(t, surface),
    ...(surface.approvalPolicy ? approval(t) : []),
  ])
  const loaded = tools.filter(t => !t.deferred).length
  for (const client of surface.clients) {
    const { label, cap } = CLIENT_CAPS[client]
    if (loaded > cap)
      out.push({
        file: dir,
        line: 0,
        column: 0,
        code: 'TR202',
        message: `${loaded} always-loaded tools exceed ${label}'s cap of ${cap} tools (defer some with surface.deferred)`,
      })
  }
  return out
}
