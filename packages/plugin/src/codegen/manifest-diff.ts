// `toolreg diff`: two manifests written by `toolreg manifest --definitions` compared for review
// (see the plugin README, "CLI"): tools added, removed and renamed, and per tool each change of
// its schema, approval and annotations, classified. Pure: data in, data out.
import type { StaticDefinition, ToolManifest } from '../types.js'

/** `breaking`: a caller or a model's call may fail; `security`: the tool asks less or risks more; `compatible`: neither. */
export type ChangeClass = 'breaking' | 'security' | 'compatible'

export interface ToolChange {
  class: ChangeClass
  /** The tool's name in HEAD (in BASE for a removed tool). */
  tool: string
  message: string
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

type Tool = ToolManifest['tools'][number] & { name: string }
type Schema = Record<string, unknown>

const site = (t: Tool) => `${t.file}:${t.line}:${t.column}`
const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v)
const shown = (v: unknown) => (v === undefined ? 'unset' : JSON.stringify(v))
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const named = (m: ToolManifest) => new Map(m.tools.filter((t): t is Tool => t.name !== null).map(t => [t.name, t]))

/** Compares BASE with HEAD; changes sorted by tool, then class. */
export function diffManifests(base: ToolManifest, head: ToolManifest): ManifestDiff {
  const before = named(base)
  const after = named(head)
  const gone = [...before.values()].filter(t => !after.has(t.name))
  const fresh = [...after.values()].filter(t => !before.has(t.name))
  // A rename keeps its file and site; failing that, the one tool that left a file and the one that came.
  const renamed: { from: Tool; to: Tool }[] = []
  const take = (match: (a: Tool, b: Tool) => boolean, unique: boolean) => {
    for (const a of [...gone]) {
      const candidates = fresh.filter(b => match(a, b))
      if (candidates.length !== 1) continue
      if (
        unique &&
        (gone.filter(x => x.file === a.file).length !== 1 || fresh.filter(x => x.file === a.file).length !== 1)
      )
        continue
      const b = candidates[0]!
      renamed.push({ from: a, to: b })
      gone.splice(gone.indexOf(a), 1)
      fresh.splice(fresh.indexOf(b), 1)
    }
  }
  take((a, b) => site(a) === site(b), false)
  take((a, b) => a.file === b.file, true)

  const changes: ToolChange[] = []
  const at = (t: Tool) => ({ tool: t.name, file: t.file, line: t.line, column: t.column })
  for (const t of gone) changes.push({ class: 'breaking', message: 'tool removed', ...at(t) })
  for (const t of fresh)
    changes.push({
      class: 'compatible',
      message: `tool added${t.definition?.needsApproval === true ? ' (needs approval)' : ''}`,
      ...at(t),
    })
  for (const { from, to } of renamed) {
    changes.push({ class: 'breaking', message: `tool renamed from ${from.name}`, ...at(to) })
    compare(from.definition, to.definition, (c, message) => changes.push({ class: c, message, ...at(to) }))
  }
  for (const t of after.values()) {
    const old = before.get(t.name)
    if (old) compare(old.definition, t.definition, (c, message) => changes.push({ class: c, message, ...at(t) }))
  }
  const rank: Record<ChangeClass, number> = { security: 0, breaking: 1, compatible: 2 }
  changes.sort((a, b) => (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : rank[a.class] - rank[b.class]))
  return {
    added: fresh.map(t => t.name).sort(),
    removed: gone.map(t => t.name).sort(),
    renamed: renamed.map(r => ({ from: r.from.name, to: r.to.name })),
    changes,
  }
}

type Report = (c: ChangeClass, message: string) => void

function compare(a: StaticDefinition | undefined, b: StaticDefinition | undefined, report: Report): void {
  if (!a || !b) {
    if (a || b) report('compatible', `definition not readable in ${a ? 'HEAD' : 'BASE'}: not compared`)
    return
  }
  if (a.description !== b.description && b.description !== undefined) report('compatible', 'description changed')
  compareApproval(a.needsApproval, b.needsApproval, report)
  compareAnnotations(a.annotations ?? {}, b.annotations ?? {}, report)
  if (a.timeoutMs !== b.timeoutMs) report('compatible', `timeoutMs ${a.timeoutMs ?? 'none'} → ${b.timeoutMs ?? 'none'}`)
  const dynamicA = a.dynamic?.includes('schema') || a.dynamic?.includes('parameters')
  const dynamicB = b.dynamic?.includes('schema') || b.dynamic?.includes('parameters')
  if (dynamicA || dynamicB) report('compatible', `parameters not static in ${dynamicB ? 'HEAD' : 'BASE'}: not compared`)
  else compareObject(a.parameters ?? {}, b.parameters ?? {}, '', report)
}

const approvalText = (v: StaticDefinition['needsApproval']) =>
  v === true ? 'always' : v === 'dynamic' ? 'decided at run time' : 'never'

function compareApproval(a: StaticDefinition['needsApproval'], b: StaticDefinition['needsApproval'], report: Report) {
  const from = a === true ? 2 : a === 'dynamic' ? 1 : 0
  const to = b === true ? 2 : b === 'dynamic' ? 1 : 0
  if (from === to) return
  const text = `approval: ${approvalText(a)} → ${approvalText(b)}`
  report(to < from ? 'security' : 'compatible', to === 0 ? `approval dropped (${text.slice(10)})` : text)
}

/** Annotation changes that make a tool riskier than its clients were told. */
const RISKIER: Record<string, (from: unknown, to: unknown) => boolean> = {
  readOnlyHint: (from, to) => from === true && to !== true,
  destructiveHint: (from, to) => from !== true && to === true,
  openWorldHint: (from, to) => from !== true && to === true,
  idempotentHint: (from, to) => from === true && to !== true,
}

function compareAnnotations(a: Schema, b: Schema, report: Report) {
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    if (same(a[key], b[key])) continue
    const riskier = RISKIER[key]?.(a[key], b[key]) ?? false
    report(riskier ? 'security' : 'compatible', `annotation ${key}: ${shown(a[key])} → ${shown(b[key])}`)
  }
}

const types = (s: Schema): Set<string> | undefined => {
  const t = s.type
  const list = typeof t === 'string' ? [t] : Array.isArray(t) ? t.filter(x => typeof x === 'string') : undefined
  if (!list) return undefined
  const set = new Set(list as string[])
  if (set.has('number')) set.add('integer') // integer is a kind of number
  return set
}
const requiredOf = (s: Schema) => new Set(Array.isArray(s.required) ? (s.required as string[]) : [])
const propertiesOf = (s: Schema): Record<string, Schema> =>
  isObject(s.properties) ? (s.properties as Record<string, Schema>) : {}

/** The properties of an object schema, compared one by one (nested objects and array items too). */
function compareObject(a: Schema, b: Schema, path: string, report: Report) {
  const pa = propertiesOf(a)
  const pb = propertiesOf(b)
  const ra = requiredOf(a)
  const rb = requiredOf(b)
  const removed = Object.keys(pa).filter(k => !(k in pb))
  const added = Object.keys(pb).filter(k => !(k in pa))
  const name = (k: string) => `'${path}${k}'`
  for (const k of removed) {
    // Renamed: one added property with the very same schema.
    const twin = added.filter(n => same(pa[k], pb[n]))
    if (twin.length === 1) {
      added.splice(added.indexOf(twin[0]!), 1)
      report('breaking', `parameter ${name(k)} renamed to ${name(twin[0]!)} (same schema)`)
    } else report('breaking', `parameter ${name(k)} removed`)
  }
  for (const k of added)
    report(rb.has(k) ? 'breaking' : 'compatible', `${rb.has(k) ? 'new required' : 'new optional'} parameter ${name(k)}`)
  for (const k of Object.keys(pb)) {
    if (!(k in pa)) continue
    if (!ra.has(k) && rb.has(k)) report('breaking', `parameter ${name(k)} is now required`)
    if (ra.has(k) && !rb.has(k)) report('compatible', `parameter ${name(k)} is now optional`)
    compareValue(pa[k]!, pb[k]!, `${path}${k}`, report)
  }
}

const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties']
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']

function compareValue(a: Schema, b: Schema, path: string, report: Report) {
  if (!isObject(a) || !isObject(b) || same(a, b)) return
  const name = `'${path}'`
  const ta = types(a)
  const tb = types(b)
  if (ta && tb && !same([...ta].sort(), [...tb].sort())) {
    const narrowed = [...ta].some(t => !tb.has(t))
    report(
      narrowed ? 'breaking' : 'compatible',
      `parameter ${name} type ${JSON.stringify(a.type)} → ${JSON.stringify(b.type)}`,
    )
  } else if (!ta && tb) report('breaking', `parameter ${name} now limited to type ${JSON.stringify(b.type)}`)
  else if (ta && !tb) report('compatible', `parameter ${name} no longer limited to type ${JSON.stringify(a.type)}`)
  const ea = Array.isArray(a.enum) ? a.enum : undefined
  const eb = Array.isArray(b.enum) ? b.enum : undefined
  if (eb && (!ea || ea.some(v => !eb.some(w => same(v, w)))))
    report(
      'breaking',
      `parameter ${name} enum narrowed${
        ea
          ? `: ${ea
              .filter(v => !eb.some(w => same(v, w)))
              .map(v => JSON.stringify(v))
              .join(', ')} removed`
          : ''
      }`,
    )
  else if (ea && (!eb || eb.length > ea.length)) report('compatible', `parameter ${name} enum widened`)
  if ('const' in b && !same(a.const, b.const)) report('breaking', `parameter ${name} const ${JSON.stringify(b.const)}`)
  for (const [keys, tighter] of [
    [LOWER, (x: number, y: number) => y > x],
    [UPPER, (x: number, y: number) => y < x],
  ] as const) {
    for (const k of keys) {
      const x = a[k]
      const y = b[k]
      if (x === y) continue
      const narrowed = typeof y === 'number' && (typeof x !== 'number' || tighter(x, y))
      report(narrowed ? 'breaking' : 'compatible', `parameter ${name} ${k} ${x ?? 'none'} → ${y ?? 'none'}`)
    }
  }
  if (a.description !== b.description) report('compatible', `parameter ${name} description changed`)
  if (isObject(a.properties) || isObject(b.properties)) compareObject(a, b, `${path}.`, report)
  if (isObject(a.items) && isObject(b.items)) compareValue(a.items, b.items, `${path}[]`, report)
}
