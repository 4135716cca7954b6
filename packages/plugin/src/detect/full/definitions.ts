// What each tool's spec states statically, for `toolreg manifest --definitions` and
// `toolreg diff` (see the plugin README, "CLI"): the description, the JSON Schema parameters,
// needsApproval, annotations and timeoutMs, read as the lazy planner reads a schema (a const
// mutated anywhere is not static). Only the CLI asks for it: scans and builds never do.
import { staticScope } from './detect.js'
import { evalJson } from './json-value.js'
import { callAt } from './lazy-plan.js'
import { parseModule } from './parse.js'
import { findProperty, resolveObject, type StaticScope } from './static-value.js'
import type * as t from '@babel/types'
import type { RegisterSite, StaticDefinition } from '../../types.js'

const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ObjectMethod'])

/** The static definition of each site (in order), or undefined for a site without a static spec. */
export function readDefinitions(
  code: string,
  file: string,
  sites: readonly RegisterSite[],
  registryModules: readonly string[],
): (StaticDefinition | undefined)[] {
  const parsed = parseModule(code, file)
  if (!parsed.ok) return sites.map(() => undefined)
  const program = parsed.ast.program
  const { scope, mutated } = staticScope(program, registryModules)
  return sites.map(site => {
    const arg = callAt(program, site)?.arguments[0]
    const spec = arg && arg.type !== 'SpreadElement' && arg.type !== 'ArgumentPlaceholder' && resolveObject(arg, scope)
    return spec ? definitionOf(spec, scope, mutated) : undefined
  })
}

function definitionOf(spec: t.ObjectExpression, scope: StaticScope, mutated: ReadonlySet<string>): StaticDefinition {
  const def: StaticDefinition = {}
  const dynamic: string[] = []
  /** The field's static JSON value; `undefined` when absent; records it as dynamic when not static. */
  const read = (object: t.ObjectExpression | undefined, key: string, label = key): unknown => {
    const f = object && findProperty(object, key, scope)
    if (!f?.node) return undefined
    const v = f.dynamic ? undefined : evalJson(f.node, scope)
    const isStatic = v?.ok && !(v.value === undefined || isMutated(f.node, mutated))
    if (!isStatic) {
      dynamic.push(label)
      return undefined
    }
    return v.value
  }
  const schemaField = findProperty(spec, 'schema', scope)
  const schema = schemaField.node && !schemaField.dynamic ? resolveObject(schemaField.node, scope) : undefined
  if (schemaField.node && !schema) dynamic.push('schema')
  const description = read(spec, 'description') ?? read(schema, 'description')
  if (typeof description === 'string') def.description = description
  const parameters = read(schema, 'parameters')
  if (isObject(parameters)) def.parameters = parameters
  const approval = findProperty(spec, 'needsApproval', scope)
  if (approval.node) {
    if (FUNCTIONS.has(approval.node.type)) def.needsApproval = 'dynamic'
    else {
      const v = read(spec, 'needsApproval')
      def.needsApproval = typeof v === 'boolean' ? v : 'dynamic'
      if (dynamic.at(-1) === 'needsApproval') dynamic.pop() // said by the value itself
    }
  }
  const annotations = read(spec, 'annotations')
  if (isObject(annotations)) def.annotations = annotations
  const timeoutMs = read(spec, 'timeoutMs')
  if (typeof timeoutMs === 'number') def.timeoutMs = timeoutMs
  if (dynamic.length > 0) def.dynamic = dynamic
  return def
}

const isMutated = (node: t.Node, mutated: ReadonlySet<string>) => node.type === 'Identifier' && mutated.has(node.name)
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
