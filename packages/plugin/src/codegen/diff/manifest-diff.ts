// `toolreg diff`: two manifests written by `toolreg manifest --definitions` compared for review
// (see the plugin README, "CLI"): tools added, removed and renamed (./diff-renames.ts), and per
// tool each change of its schema, approval and annotations, classified. Pure: data in, data
// out. The manifests come from tool files and other commits: every key is looked up as an own
// property (`__proto__`, `constructor` and `toString` are names like any other).
import { findRenames, type Tool } from './diff-renames.js'
import type { StaticDefinition, ToolManifest } from '../../types.js'

/** `breaking`: a caller or a model's call may fail; `security`: the tool asks less or risks more; `compatible`: neither. */
export type ChangeClass = 'breaking' | 'security' | 'compatible'

/**
 * A piece of a change's message: the diff's own words; a parameter's name (quoted in plain
 * text); or other text from a tool file, shown as it is (a tool's name, an annotation key, a
 * value as JSON). The report formats escape each for their output.
 */
export type MessagePart = string | { readonly name: string } | { readonly code: string }

export interface ToolChange {
  class: ChangeClass
  /** The tool's name in HEAD (in BASE for a removed tool). */
  tool: string
  /** The message as plain text (names quoted, values as JSON), not escaped. */
  message: string
  parts: readonly MessagePart[]
  /** Where the tool is registered (HEAD's site, BASE's for a removed tool). */
  file: string
  line: number
  column: number
}

export interface ManifestDiff {
  added: string[]
  removed: string[]
  renamed: { from: string; to: string }[]
  changes: ToolChange[]
}

type Schema = Record<string, unknown>

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v)
const own = (o: Schema, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined)
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const named = (m: ToolManifest) => new Map(m.tools.filter((t): t is Tool => t.name !== null).map(t => [t.name, t]))

const name = (n: string): MessagePart => ({ name: n })
const code = (text: string): MessagePart => ({ code: text })
const value = (v: unknown): MessagePart => (v === undefined ? 'unset' : code(JSON.stringify(v) ?? String(v)))
/** A message from words and parts: msg`parameter ${name(k)} removed`. */
const msg = (words: TemplateStringsArray, ...parts: MessagePart[]): MessagePart[] =>
  words.flatMap((w, i) => (i < parts.length ? [w, parts[i]!] : [w])).filter(p => p !== '')
const plainText = (parts: readonly MessagePart[]): string =>
  parts.map(p => (typeof p === 'string' ? p : 'name' in p ? `'${p.name}'` : p.code)).join('')

/** Compares BASE with HEAD; changes sorted by tool, then class. */
export function diffManifests(base: ToolManifest, head: ToolManifest): ManifestDiff {
  const before = named(base)
  const after = named(head)
  const { renamed, removed, added } = findRenames(
    [...before.values()].filter(t => !after.has(t.name)),
    [...after.values()].filter(t => !before.has(t.name)),
  )
  const changes: ToolChange[] = []
  const at = (t: Tool) => (c: ChangeClass, parts: MessagePart[]) =>
    changes.push({
      class: c,
      tool: t.name,
      message: plainText(parts),
      parts,
      file: t.file,
      line: t.line,
      column: t.column,
    })
  for (const t of removed) at(t)('breaking', ['tool removed'])
  for (const t of added)
    at(t)('compatible', [`tool added${t.definition?.needsApproval === true ? ' (needs approval)' : ''}`])
  for (const { from, to } of renamed) {
    at(to)('breaking', msg`tool renamed from ${code(from.name)}`)
    compare(from.definition, to.definition, at(to))
  }
  for (const t of after.values()) {
    const old = before.get(t.name)
    if (old) compare(old.definition, t.definition, at(t))
  }
  const rank = new Map<ChangeClass, number>([
    ['security', 0],
    ['breaking', 1],
    ['compatible', 2],
  ])
  changes.sort((a, b) => (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : rank.get(a.class)! - rank.get(b.class)!))
  return {
    added: added.map(t => t.name).sort(),
    removed: removed.map(t => t.name).sort(),
    renamed: renamed.map(r => ({ from: r.from.name, to: r.to.name })),
    changes,
  }
}

type Report = (c: ChangeClass, parts: MessagePart[]) => void

function compare(a: StaticDefinition | undefined, b: StaticDefinition | undefined, report: Report): void {
  if (!a || !b) {
    if (!a && !b) return
    // What BASE asked for cannot be confirmed: a spec the reader cannot follow may have dropped it.
    if (a && (a.needsApproval === true || a.needsApproval === 'dynamic'))
      report('security', [
        `definition not readable in HEAD: approval (${approvalText(a.needsApproval)} in BASE) not confirmed`,
      ])
    else report('compatible', [`definition not readable in ${a ? 'HEAD' : 'BASE'}: not compared`])
    return
  }
  if (a.description !== b.description && b.description !== undefined) report('compatible', ['description changed'])
  compareApproval(a.needsApproval, b.needsApproval, report)
  compareAnnotations(a.annotations ?? {}, b.annotations ?? {}, report)
  if (a.timeoutMs !== b.timeoutMs)
    report('compatible', [`timeoutMs ${a.timeoutMs ?? 'none'} → ${b.timeoutMs ?? 'none'}`])
  const dynamicA = a.dynamic?.includes('schema') || a.dynamic?.includes('parameters')
  const dynamicB = b.dynamic?.includes('schema') || b.dynamic?.includes('parameters')
  if (dynamicA || dynamicB)
    report('compatible', [`parameters not static in ${dynamicB ? 'HEAD' : 'BASE'}: not compared`])
  else compareObject(a.parameters ?? {}, b.parameters ?? {}, '', 0, report)
}

const approvalText = (v: StaticDefinition['needsApproval']) =>
  v === true ? 'always' : v === 'dynamic' ? 'decided at run time' : 'never'

function compareApproval(a: StaticDefinition['needsApproval'], b: StaticDefinition['needsApproval'], report: Report) {
  const from = a === true ? 2 : a === 'dynamic' ? 1 : 0
  const to = b === true ? 2 : b === 'dynamic' ? 1 : 0
  if (from === to) return
  const text = `${approvalText(a)} → ${approvalText(b)}`
  report(to < from ? 'security' : 'compatible', [to === 0 ? `approval dropped (${text})` : `approval: ${text}`])
}

/** Annotation changes that make a tool riskier than its clients were told. */
const RISKIER = new Map<string, (from: unknown, to: unknown) => boolean>([
  ['readOnlyHint', (from, to) => from === true && to !== true],
  ['destructiveHint', (from, to) => from !== true && to === true],
  ['openWorldHint', (from, to) => from !== true && to === true],
  ['idempotentHint', (from, to) => from === true && to !== true],
])

function compareAnnotations(a: Schema, b: Schema, report: Report) {
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    const x = own(a, key)
    const y = own(b, key)
    if (same(x, y)) continue
    const riskier = RISKIER.get(key)?.(x, y) ?? false
    report(riskier ? 'security' : 'compatible', msg`annotation ${code(key)}: ${value(x)} → ${value(y)}`)
  }
}

const types = (s: Schema): Set<string> | undefined => {
  const t = own(s, 'type')
  const list = typeof t === 'string' ? [t] : Array.isArray(t) ? t.filter(x => typeof x === 'string') : undefined
  if (!list) return undefined
  const set = new Set(list as string[])
  if (set.has('number')) set.add('integer') // integer is a kind of number
  return set
}
const requiredOf = (s: Schema) => {
  const r = own(s, 'required')
  return new Set(Array.isArray(r) ? r.filter((k): k is string => typeof k === 'string') : [])
}
const propertiesOf = (s: Schema): Schema => {
  const p = own(s, 'properties')
  return isObject(p) ? p : {}
}

/** How deep the comparison goes into nested parameters (a manifest is checked to be shallower). */
const MAX_NESTING = 64

/** The properties of an object schema, compared one by one (nested objects and array items too). */
function compareObject(a: Schema, b: Schema, path: string, depth: number, report: Report) {
  const pa = propertiesOf(a)
  const pb = propertiesOf(b)
  const ra = requiredOf(a)
  const rb = requiredOf(b)
  const removed = Object.keys(pa).filter(k => !Object.hasOwn(pb, k))
  const added = new Set(Object.keys(pb).filter(k => !Object.hasOwn(pa, k)))
  const param = (k: string) => name(`${path}${k}`)
  // Renamed: one added property with the very same schema (added ones indexed by schema).
  const addedBySchema = new Map<string, string[]>()
  for (const k of added) {
    const key = JSON.stringify(pb[k])
    const list = addedBySchema.get(key)
    if (list) list.push(k)
    else addedBySchema.set(key, [k])
  }
  for (const k of removed) {
    const twin = addedBySchema.get(JSON.stringify(pa[k])) ?? []
    if (twin.length === 1 && added.has(twin[0]!)) {
      added.delete(twin[0]!)
      report('breaking', msg`parameter ${param(k)} renamed to ${param(twin[0]!)} (same schema)`)
    } else report('breaking', msg`parameter ${param(k)} removed`)
  }
  for (const k of added)
    report(
      rb.has(k) ? 'breaking' : 'compatible',
      msg`${rb.has(k) ? 'new required' : 'new optional'} parameter ${param(k)}`,
    )
  for (const k of Object.keys(pb)) {
    if (!Object.hasOwn(pa, k)) continue
    if (!ra.has(k) && rb.has(k)) report('breaking', msg`parameter ${param(k)} is now required`)
    if (ra.has(k) && !rb.has(k)) report('compatible', msg`parameter ${param(k)} is now optional`)
    compareValue(pa[k], pb[k], `${path}${k}`, depth + 1, report)
  }
}

const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties']
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']

function compareValue(a: unknown, b: unknown, path: string, depth: number, report: Report) {
  if (!isObject(a) || !isObject(b) || same(a, b)) return
  const p = name(path)
  if (depth > MAX_NESTING) return report('compatible', msg`parameter ${p} nests too deep: not compared`)
  const ta = types(a)
  const tb = types(b)
  if (ta && tb && !same([...ta].sort(), [...tb].sort())) {
    const narrowed = [...ta].some(t => !tb.has(t))
    report(
      narrowed ? 'breaking' : 'compatible',
      msg`parameter ${p} type ${value(own(a, 'type'))} → ${value(own(b, 'type'))}`,
    )
  } else if (!ta && tb) report('breaking', msg`parameter ${p} now limited to type ${value(own(b, 'type'))}`)
  else if (ta && !tb) report('compatible', msg`parameter ${p} no longer limited to type ${value(own(a, 'type'))}`)
  compareEnum(own(a, 'enum'), own(b, 'enum'), p, report)
  if (Object.hasOwn(b, 'const') && !same(own(a, 'const'), b.const))
    report('breaking', msg`parameter ${p} const ${value(b.const)}`)
  for (const [keys, tighter] of [
    [LOWER, (x: number, y: number) => y > x],
    [UPPER, (x: number, y: number) => y < x],
  ] as const) {
    for (const k of keys) {
      const x = own(a, k)
      const y = own(b, k)
      if (x === y) continue
      const narrowed = typeof y === 'number' && (typeof x !== 'number' || tighter(x, y))
      const bound = (v: unknown) => (v === undefined ? 'none' : value(v))
      report(narrowed ? 'breaking' : 'compatible', msg`parameter ${p} ${k} ${bound(x)} → ${bound(y)}`)
    }
  }
  if (own(a, 'description') !== own(b, 'description')) report('compatible', msg`parameter ${p} description changed`)
  if (isObject(own(a, 'properties')) || isObject(own(b, 'properties')))
    compareObject(a, b, `${path}.`, depth + 1, report)
  const ia = own(a, 'items')
  const ib = own(b, 'items')
  if (isObject(ia) && isObject(ib)) compareValue(ia, ib, `${path}[]`, depth + 1, report)
}

/** Enums as sets of JSON texts: linear in their length. */
function compareEnum(ea: unknown, eb: unknown, p: MessagePart, report: Report) {
  const a = Array.isArray(ea) ? ea.map(v => JSON.stringify(v)) : undefined
  const b = Array.isArray(eb) ? eb.map(v => JSON.stringify(v)) : undefined
  const inB = new Set(b)
  const lost = a?.filter(v => !inB.has(v)) ?? []
  if (b && (!a || lost.length > 0)) {
    const parts = msg`parameter ${p} enum narrowed`
    if (a) parts.push(': ', ...lost.flatMap((v, i) => [...(i ? [', '] : []), code(v)]), ' removed')
    report('breaking', parts)
  } else if (a && (!b || b.length > a.length)) report('compatible', msg`parameter ${p} enum widened`)
}
