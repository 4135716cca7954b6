// Whether a Rollup-family build could drop a tool module imported only for its side
// effects (docs/architecture.md, platform facts: `treeshake.moduleSideEffects: false`
// drops side-effect imports unless `moduleSideEffects: true` comes from a hook). When it
// cannot, the virtual module imports the tool file by its plain path and the bundler never
// calls into JS for it: a `resolveId` call per tool file cost a Rust → JS → Rust round
// trip each, a few % of a 1000-file build (bench/PROFILE.md). When it could, the file goes
// through a companion id that the plugin resolves with `moduleSideEffects: true`.
import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * True when the bundler's `treeshake` input option leaves every module's side effects to
 * the default: absent, `true`, `false` (no tree-shaking at all) or an object without
 * `moduleSideEffects` (or with `true`) and without a preset. Anything else (`false`, a
 * list, rules, a function, `'no-external'`, a preset) may mark a tool module side-effect free.
 */
export function treeshakeKeepsSideEffects(treeshake: unknown): boolean {
  if (treeshake === undefined || treeshake === null || typeof treeshake === 'boolean') return true
  if (typeof treeshake !== 'object') return false
  const t = treeshake as { moduleSideEffects?: unknown; preset?: unknown }
  return t.preset === undefined && (t.moduleSideEffects === undefined || t.moduleSideEffects === true)
}

/**
 * `package.json` `sideEffects` fields, by directory: whether a file in that directory lies
 * under a `package.json` whose `sideEffects` is anything but `true`. Every ancestor counts,
 * not only the nearest (a resolver may take either): a false alarm only costs a companion id.
 */
export function createSideEffectsFieldLookup(): (file: string) => boolean {
  const byDir = new Map<string, boolean>()
  const underField = (dir: string): boolean => {
    const known = byDir.get(dir)
    if (known !== undefined) return known
    const parent = path.dirname(dir)
    const result = ownField(dir) || (parent !== dir && underField(parent))
    byDir.set(dir, result)
    return result
  }
  // Tool files come in path order: most share the previous one's directory.
  let lastDir = ''
  let lastResult = false
  return file => {
    const dir = path.dirname(file)
    if (dir !== lastDir) {
      lastDir = dir
      lastResult = underField(dir)
    }
    return lastResult
  }
}

function ownField(dir: string): boolean {
  let text: string
  try {
    text = readFileSync(path.join(dir, 'package.json'), 'utf8')
  } catch {
    return false // none here (or unreadable: the bundler cannot read it either)
  }
  if (!text.includes('sideEffects')) return false
  try {
    const pkg = JSON.parse(text) as { sideEffects?: unknown } | null
    return typeof pkg === 'object' && pkg !== null && 'sideEffects' in pkg && pkg.sideEffects !== true
  } catch {
    return true // a package.json that does not parse: assume the worst
  }
}
