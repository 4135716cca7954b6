// What a tool spec states statically: the description, the JSON Schema parameters,
// needsApproval, annotations, timeoutMs, outputSchema and renamedFrom, read as the lazy planner reads a schema (a const
// mutated anywhere is not static). `toolreg manifest --definitions`, the scan's tool policies
// and the lazy planner share it.
import { evalJson } from './json-value.js'
import { findProperty, resolveObject, type StaticScope } from './static-value.js'
import type * as t from '@babel/types'
import type { StaticDefinition } from '../../types.js'

const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ObjectMethod'])

/** The static definition of a spec object literal; `dynamic` lists the fields present but not static. */
export function definitionOf(
  spec: t.ObjectExpression,
  scope: StaticScope,
  mutated: ReadonlySet<string>,
): StaticDefinition {
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
  // As the registry's definitions: the schema's description first, then the spec's.
  const description = read(schema, 'description') ?? read(spec, 'description')
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
  const outputSchema = read(spec, 'outputSchema')
  if (isObject(outputSchema)) def.outputSchema = outputSchema
  const renamedFrom = read(spec, 'renamedFrom')
  if (typeof renamedFrom === 'string') def.renamedFrom = renamedFrom
  if (dynamic.length > 0) def.dynamic = dynamic
  return def
}

const isMutated = (node: t.Node, mutated: ReadonlySet<string>) => node.type === 'Identifier' && mutated.has(node.name)
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
