// What the fast path's recognised values stand for (packages/plugin/README.md, "How files are
// scanned"): a const's value followed through chains (`const B = A`), properties of const
// objects of strings, and spec consts (`registry.register(spec)`). A const the resolution
// touches must occur nowhere but in its declaration and the recognised references (`Uses`):
// then nothing mutates or shadows it; so must every const whose initializer names it (the
// full detector's mutated consts follow aliases: `const alias = spec; alias.name = 'm'`).
// Undefined to decline.
import type { ObjectRead, Spec } from './spec.js'
import { wordCount } from './text.js'
import type { FieldValue } from './values.js'

/** A top-level const the fast path read. */
export type ConstValue = { value: FieldValue } | { object: ObjectRead }

const MAX_DEPTH = 16

/** How often recognised code names each const, and which consts name it in their initializer. */
export class Uses {
  readonly counts = new Map<string, number>()
  readonly referrers = new Map<string, string[]>()

  /** Count the references values make; `referrer`: the const whose initializer holds them. */
  add(referrer: string | undefined, ...values: (FieldValue | Spec)[]): void {
    for (const v of values) {
      if ('name' in v) {
        this.add(referrer, v.name, v.toolset)
        for (const ref of v.spreads) this.add(referrer, { ref })
      } else if ('ref' in v) {
        this.counts.set(v.ref, (this.counts.get(v.ref) ?? 0) + 1)
        if (referrer !== undefined) this.referrers.set(v.ref, [...(this.referrers.get(v.ref) ?? []), referrer])
      }
    }
  }

  /** Count the references a const's object makes: its fields, spreads and nested specs. */
  addObject(referrer: string, o: ObjectRead): void {
    this.add(referrer, ...(o.name ? [o.name] : []), ...(o.toolset ? [o.toolset] : []))
    for (const ref of o.spreads) this.add(referrer, { ref })
    for (const spec of o.specs?.values() ?? []) this.add(referrer, spec)
  }
}

export class Resolver {
  /** Consts touched by a resolution: checked by `unchanged`. */
  private readonly touched = new Set<string>()
  constructor(
    private readonly consts: ReadonlyMap<string, ConstValue>,
    private readonly uses: Uses,
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

  /** Whether every const touched, and every const naming one, occurs only where it was read. */
  unchanged(code: string, quiet: readonly number[]): boolean {
    const checked = new Set<string>()
    const queue = [...this.touched]
    while (queue.length > 0) {
      const name = queue.pop()!
      if (checked.has(name)) continue
      checked.add(name)
      if (wordCount(code, name, quiet) !== 1 + (this.uses.counts.get(name) ?? 0)) return false
      queue.push(...(this.uses.referrers.get(name) ?? []))
    }
    return true
  }

  private lookup(name: string): ConstValue | undefined {
    this.touched.add(name)
    return this.consts.get(name)
  }
}
