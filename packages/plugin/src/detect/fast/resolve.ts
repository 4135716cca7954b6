// What the fast path's recognised values stand for (packages/plugin/README.md, "How files are
// scanned"): a const's value followed through chains (`const B = A`), properties of const
// objects of strings, and spec consts (`registry.register(spec)`). A const the resolution
// touches must occur nowhere but in its declaration and the recognised references (`uses`):
// then nothing mutates or shadows it. Undefined to decline.
import type { ObjectRead, Spec } from './spec.js'
import { wordCount } from './text.js'
import type { FieldValue } from './values.js'

/** A top-level const the fast path read. */
export type ConstValue = { value: FieldValue } | { object: ObjectRead }

const MAX_DEPTH = 16

export class Resolver {
  /** Consts touched by a resolution: checked by `unchanged`. */
  private readonly touched = new Set<string>()
  constructor(
    private readonly consts: ReadonlyMap<string, ConstValue>,
    private readonly uses: ReadonlyMap<string, number>,
  ) {}

  /** The string a value stands for. */
  text(v: FieldValue, depth = 0): string | undefined {
    if ('text' in v) return v.text
    const c = this.lookup(v.ref)
    if (c === undefined || depth > MAX_DEPTH) return undefined
    if (v.key !== undefined) return 'object' in c ? c.object.strings?.get(v.key) : undefined
    return 'value' in c ? this.text(c.value, depth + 1) : undefined
  }

  /** The spec a register call's argument stands for (inline, a spec const `spec`, or `SPECS.key`). */
  spec(v: FieldValue | Spec): Spec | undefined {
    if ('name' in v) return this.objects(v.spreads) ? v : undefined
    if ('text' in v) return undefined
    const c = this.lookup(v.ref)
    if (c === undefined || !('object' in c)) return undefined
    const o = c.object
    const spec =
      v.key !== undefined
        ? o.specs?.get(v.key)
        : o.name !== undefined && o.toolset !== undefined
          ? { name: o.name, toolset: o.toolset, policy: o.policy, spreads: o.spreads }
          : undefined
    return spec !== undefined && this.objects(spec.spreads) ? spec : undefined
  }

  /** Whether every name is a const object literal (what a spec may spread). */
  objects(names: readonly string[]): boolean {
    return names.every(name => {
      const c = this.lookup(name)
      return c !== undefined && !('value' in c)
    })
  }

  /** Whether every const touched occurs only where it was read. */
  unchanged(code: string, quiet: readonly number[]): boolean {
    for (const name of this.touched) if (wordCount(code, name, quiet) !== 1 + (this.uses.get(name) ?? 0)) return false
    return true
  }

  private lookup(name: string): ConstValue | undefined {
    this.touched.add(name)
    return this.consts.get(name)
  }
}

/** Count the references a value makes (to the consts it names). */
export function countUses(uses: Map<string, number>, ...values: (FieldValue | Spec)[]): void {
  for (const v of values) {
    if ('name' in v) {
      countUses(uses, v.name, v.toolset)
      for (const ref of v.spreads) countUses(uses, { ref })
    } else if ('ref' in v) uses.set(v.ref, (uses.get(v.ref) ?? 0) + 1)
  }
}

/** Count the references a const's object makes: its fields, spreads and nested specs. */
export function countObjectUses(uses: Map<string, number>, o: ObjectRead): void {
  countUses(uses, ...(o.name ? [o.name] : []), ...(o.toolset ? [o.toolset] : []))
  for (const ref of o.spreads) countUses(uses, { ref })
  for (const spec of o.specs?.values() ?? []) countUses(uses, spec)
}
