// The shape of a manifest `toolreg diff` reads (see the plugin README, "`toolreg diff`"): a
// file from another commit is data to check before it is compared. Each tool is checked field
// by field, names are unique (a build with a duplicate writes no manifest), and a definition
// nests at most MAX_DEPTH levels (the comparison walks it). Errors as data: the first problem.
import type { ToolManifest } from '../types.js'

/** Deeper JSON than any real tool definition: the comparison's walk stays shallow. */
const MAX_DEPTH = 64

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const own = (o: Json, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined)
const isPosition = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0

/** Deeper than `max` levels of arrays and objects, counted without recursion. */
function tooDeep(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!
    if (typeof v !== 'object' || v === null) continue
    if (depth >= max) return true
    for (const child of Object.values(v)) stack.push([child, depth + 1])
  }
  return false
}

function definitionProblem(d: Json): string | undefined {
  const field = (key: string, ok: (v: unknown) => boolean, what: string) =>
    Object.hasOwn(d, key) && !ok(d[key]) ? `definition.${key} must be ${what}` : undefined
  return (
    field('description', v => typeof v === 'string', 'a string') ??
    field('parameters', isObject, 'an object') ??
    field('needsApproval', v => typeof v === 'boolean' || v === 'dynamic', 'true, false or "dynamic"') ??
    field('annotations', isObject, 'an object') ??
    field('timeoutMs', v => typeof v === 'number', 'a number') ??
    field('renamedFrom', v => typeof v === 'string', 'a string') ??
    field('dynamic', v => Array.isArray(v) && v.every(x => typeof x === 'string'), 'an array of strings') ??
    (tooDeep(d, MAX_DEPTH) ? `definition nests deeper than ${MAX_DEPTH} levels` : undefined)
  )
}

function toolProblem(t: unknown): string | undefined {
  if (!isObject(t)) return 'must be an object'
  const name = own(t, 'name')
  if (name !== null && typeof name !== 'string') return 'name must be a string or null'
  const toolset = own(t, 'toolset')
  if (toolset !== null && typeof toolset !== 'string') return 'toolset must be a string or null'
  if (typeof own(t, 'file') !== 'string') return 'file must be a string'
  if (!isPosition(own(t, 'line')) || !isPosition(own(t, 'column')))
    return 'line and column must be non-negative integers'
  const definition = own(t, 'definition')
  if (definition === undefined) return undefined
  if (!isObject(definition)) return 'definition must be an object'
  return definitionProblem(definition)
}

/** The manifest when `value` has the shape `toolreg manifest --definitions` writes, else the first problem (one line). */
export function checkManifest(value: unknown): { ok: true; manifest: ToolManifest } | { ok: false; problem: string } {
  const fail = (problem: string) => ({ ok: false as const, problem })
  if (!isObject(value) || own(value, 'version') !== 1 || !Array.isArray(own(value, 'tools')))
    return fail('not a toolreg manifest (version 1 with tools)')
  const tools = value.tools as unknown[]
  const names = new Set<string>()
  for (const [i, t] of tools.entries()) {
    const problem = toolProblem(t)
    if (problem !== undefined) return fail(`tools[${i}]: ${problem}`)
    const name = (t as { name: string | null }).name
    if (name === null) continue
    if (names.has(name)) return fail(`tools[${i}]: the name ${JSON.stringify(name)} appears twice`)
    names.add(name)
  }
  return { ok: true, manifest: value as unknown as ToolManifest }
}
