// The TypeScript declarations of a code-mode API: one object per toolset, one method per
// tool, each tool's description as JSDoc, its parameters as the argument type and its
// output schema as the result type (see the core README, "Code mode"). Written from the
// definitions, so a build (from its static definitions) and a run (from the registry) write
// the same text.
import type { ToolDefinition } from '../types.js'

/** A tool of the API: its definition, toolset and output schema. */
export interface ApiTool {
  definition: ToolDefinition
  toolset: string
  outputSchema?: Readonly<Record<string, unknown>>
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/
const RESERVED = new Set(['constructor', '__proto__', 'prototype'])
/** A property key as TypeScript reads it: bare when an identifier, else a JSON string. */
const key = (name: string) => (IDENT.test(name) && !RESERVED.has(name) ? name : JSON.stringify(name))

/** A JSDoc block of `text` (its comment terminators broken), indented. */
function doc(text: unknown, indent: string): string {
  if (typeof text != 'string' || !text.trim()) return ''
  const lines = text.trim().replace(/\*\//g, '*\\/').split(/\r?\n/)
  return lines.length === 1
    ? `${indent}/** ${lines[0]} */\n`
    : `${indent}/**\n${lines.map(l => `${indent} * ${l}`.trimEnd()).join('\n')}\n${indent} */\n`
}

const literal = (v: unknown) =>
  typeof v == 'string' || typeof v == 'number' || typeof v == 'boolean' || v === null ? JSON.stringify(v) : 'unknown'
const MAX_DEPTH = 8

/** The TypeScript type of a JSON Schema (what it does not say, or says past MAX_DEPTH, is `unknown`). */
export function schemaType(schema: unknown, indent = '', depth = 0): string {
  if (schema === true || schema === undefined) return 'unknown'
  if (schema === false) return 'never'
  if (!schema || typeof schema != 'object' || depth > MAX_DEPTH) return 'unknown'
  const s = schema as Record<string, unknown>
  const next = (v: unknown) => schemaType(v, indent, depth + 1)
  if ('const' in s) return literal(s.const)
  if (Array.isArray(s.enum)) return s.enum.length ? s.enum.map(literal).join(' | ') : 'never'
  for (const k of ['anyOf', 'oneOf'] as const)
    if (Array.isArray(s[k]) && (s[k] as unknown[]).length)
      return (s[k] as unknown[]).map(v => `(${next(v)})`).join(' | ')
  if (Array.isArray(s.allOf) && s.allOf.length) return s.allOf.map(v => `(${next(v)})`).join(' & ')
  const types = Array.isArray(s.type) ? s.type : [s.type]
  const one = (t: unknown): string => {
    switch (t) {
      case 'string':
        return 'string'
      case 'number':
      case 'integer':
        return 'number'
      case 'boolean':
        return 'boolean'
      case 'null':
        return 'null'
      case 'array':
        return Array.isArray(s.items) ? `[${s.items.map(next).join(', ')}]` : `${wrap(next(s.items))}[]`
      case 'object':
        return objectType(s, indent, depth)
      default:
        return s.properties ? objectType(s, indent, depth) : 'unknown'
    }
  }
  return types.map(one).join(' | ')
}

const wrap = (t: string) => (/^[\w$.'"[\]]+$/.test(t) ? t : `(${t})`)

function objectType(s: Record<string, unknown>, indent: string, depth: number): string {
  const props = s.properties && typeof s.properties == 'object' ? Object.entries(s.properties) : []
  const required = new Set(Array.isArray(s.required) ? s.required : [])
  const inner = indent + '  '
  const lines = props.map(
    ([name, p]) =>
      doc((p as { description?: unknown })?.description, inner) +
      `${inner}${key(name)}${required.has(name) ? '' : '?'}: ${schemaType(p, inner, depth + 1)}`,
  )
  const extra = s.additionalProperties
  if (extra && typeof extra == 'object') lines.push(`${inner}[key: string]: ${schemaType(extra, inner, depth + 1)}`)
  else if (!props.length && extra !== false) return 'Record<string, unknown>'
  return lines.length ? `{\n${lines.join('\n')}\n${indent}}` : '{}'
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The tools by toolset, each sorted by name: the order every declaration text keeps. */
function byToolset(tools: readonly ApiTool[]): [string, ApiTool[]][] {
  const sets = new Map<string, ApiTool[]>()
  for (const t of tools) {
    const list = sets.get(t.toolset)
    if (list) list.push(t)
    else sets.set(t.toolset, [t])
  }
  return [...sets.keys()]
    .sort(byName)
    .map(set => [set, sets.get(set)!.sort((a, b) => byName(a.definition.function.name, b.definition.function.name))])
}

/** `declare const tools: { … }` of these members (one per line). */
const toolsObject = (members: readonly string[]) =>
  members.length ? `declare const tools: {\n${members.join('\n')}\n}\n` : 'declare const tools: {}\n'

/**
 * `declare const tools: { <toolset>: { <tool>(args): Promise<…> } }`, toolsets and tools by
 * name (byte-identical for the same tools), after the `first` members. A tool without an
 * output schema answers its text.
 */
export function declarations(tools: readonly ApiTool[], first: readonly string[] = []): string {
  const body = byToolset(tools).map(([set, list]) => {
    const methods = list.map(({ definition: { function: f }, outputSchema }) => {
      const params = (f.parameters ?? { type: 'object', properties: {} }) as { required?: unknown }
      const optional = !(Array.isArray(params.required) && params.required.length) ? '?' : ''
      const result = outputSchema ? schemaType(outputSchema, '    ') : 'string'
      return `${doc(f.description, '    ')}    ${key(f.name)}(args${optional}: ${schemaType(params, '    ')}): Promise<${result}>`
    })
    return `  ${key(set)}: {\n${methods.join('\n')}\n  }`
  })
  return toolsObject([...first, ...body])
}

/** The declaration of `tools.$.search` (`declare: 'search'`), as the model reads it. */
export const SEARCH_DECLARATION =
  '  /** Finds tools by what they do: their names (`toolset.tool`) and their declarations, in the form above. */\n' +
  '  $: {\n    search(args: { query: string; limit?: number }): Promise<{ found: string[]; declarations: string }>\n  }'

/**
 * The index the model reads with `declare: 'search'`: each toolset with its tools' names only,
 * and `tools.$.search` to get the declarations of the ones it needs.
 */
export function searchIndexDeclarations(tools: readonly ApiTool[]): string {
  const body = byToolset(tools).map(([set, list]) => {
    const names = list.map(t => key(t.definition.function.name).replace(/\*\//g, '*\\/'))
    return `  ${key(set)}: { /* ${names.join(', ')}: declared by $.search */ }`
  })
  return toolsObject([SEARCH_DECLARATION, ...body])
}
