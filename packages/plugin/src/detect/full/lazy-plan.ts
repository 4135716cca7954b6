// Which tool modules can load lazily, and the definitions the virtual module registers for
// them in the meantime (see the plugin README, "Lazy tools"). A module is lazy only when every
// tool it registers has a static name, toolset and schema, and a static needsApproval and
// annotations when it has them (a lazy tool is approved before its module loads): otherwise it
// loads eagerly and the reason becomes a warning.
import type * as t from '@babel/types'
import { staticScope } from './detect.js'
import { evalJson } from './json-value.js'
import { forEachChild, lineColumn } from './ast.js'
import { parseModule } from './parse.js'
import { findProperty, resolveObject } from './static-value.js'
import { definitionOf } from './static-definition.js'
import type { LazyPlan, LazyTool, RegisterSite } from '../../types.js'

/** The call expression the detector reported at `site` (same offsets), if it is a statement of the module body. */
function callAt(program: t.Program, site: RegisterSite): t.CallExpression | t.OptionalCallExpression | undefined {
  const visit = (n: t.Node): t.CallExpression | t.OptionalCallExpression | undefined => {
    if (n.start == null || n.end == null || n.start > site.start || n.end < site.end) return undefined
    if (
      (n.type === 'CallExpression' || n.type === 'OptionalCallExpression') &&
      n.start === site.start &&
      n.end === site.end
    )
      return n
    let hit: t.CallExpression | t.OptionalCallExpression | undefined
    forEachChild(n, child => (hit = visit(child)) !== undefined)
    return hit
  }
  // Only calls directly in a module-body statement: a block or loop body may shadow the consts.
  for (const stmt of program.body) {
    if (stmt.start! <= site.start && stmt.end! >= site.end) {
      return stmt.type === 'BlockStatement' || stmt.type.startsWith('For') || stmt.type === 'LabeledStatement'
        ? undefined
        : visit(stmt)
    }
  }
  return undefined
}

/**
 * The lazy plan of one tool module: its tools' static definitions, or why it must load eagerly.
 * Consts are read as the detector reads them: a const mutated anywhere is not static.
 */
export function planLazy(
  code: string,
  file: string,
  sites: readonly RegisterSite[],
  registryModules: readonly string[],
): LazyPlan {
  const eager = (reason: string, at: { line: number; column: number }): LazyPlan => ({ lazy: false, reason, ...at })
  const dynamic = sites.find(s => s.name === null || s.toolset === null)
  if (dynamic) return eager('a tool name or toolset is dynamic', dynamic)
  const parsed = parseModule(code, file)
  if (!parsed.ok) return eager(`it cannot be parsed: ${parsed.message}`, parsed)
  const program = parsed.ast.program
  const { scope, mutated } = staticScope(program, registryModules)
  /** evalJson's reason, or that it refers to a mutated const. */
  const why = (value: { at: t.Node; why: string }) =>
    value.at.type === 'Identifier' && mutated.has(value.at.name) ? `\`${value.at.name}\` is mutated` : value.why
  const tools: LazyTool[] = []
  for (const site of sites) {
    const call = callAt(program, site)
    const arg = call?.arguments[0]
    if (!call || !arg || arg.type === 'SpreadElement' || arg.type === 'ArgumentPlaceholder')
      return eager('register() is called inside a block', site)
    const spec = resolveObject(arg, scope)
    if (!spec) return eager('the tool spec is not an object literal (or a top-level const one)', lineColumn(arg))
    const field = (key: string) => findProperty(spec, key, scope)
    if (field('override').node)
      return eager(
        'the tool spec sets `override` (a lazy placeholder registers without it)',
        lineColumn(field('override').node!),
      )
    const schema = field('schema')
    if (!schema.node) return eager('the tool spec has no schema', lineColumn(spec))
    const value = schema.dynamic
      ? { ok: false as const, at: schema.node, why: 'a spread or computed key' }
      : evalJson(schema.node, scope)
    if (!value.ok) return eager(`its schema is not static: ${why(value)}`, lineColumn(value.at))
    if (!value.value || typeof value.value !== 'object' || Array.isArray(value.value))
      return eager('its schema is not an object', lineColumn(schema.node))
    const tool: LazyTool = { name: site.name!, toolset: site.toolset!, schema: value.value as Record<string, unknown> }
    for (const key of ['description', 'emoji'] as const) {
      const f = field(key)
      if (!f.node) continue
      const v = f.dynamic ? undefined : evalJson(f.node, scope)
      if (!v?.ok || typeof v.value !== 'string') return eager(`its ${key} is not a static string`, lineColumn(f.node))
      tool[key] = v.value
    }
    // Approval is asked before the module loads, so it must be known without running it.
    const { needsApproval, annotations, dynamic } = definitionOf(spec, scope, mutated)
    if (needsApproval === 'dynamic')
      return eager('its needsApproval is decided at run time', lineColumn(field('needsApproval').node!))
    if (dynamic?.includes('annotations'))
      return eager('its annotations are not static', lineColumn(field('annotations').node!))
    if (needsApproval !== undefined) tool.needsApproval = needsApproval
    if (annotations !== undefined) tool.annotations = annotations
    tools.push(tool)
  }
  return { lazy: true, tools }
}
