// The code a dev server's registry module ends with (codegen/prune.ts): run against a registry
// that outlives the module, it removes the static tools of files gone and names edited away,
// and leaves a name another file has taken and every dynamic name.
import { describe, expect, it } from 'vitest'
import { createMemoryFs, pruneCode, scanTools, sourcesTable } from './internal.js'

const tool = (...names: string[]) =>
  `import { registry } from '@toolreg/core'\n${names.map(n => `registry.register({ name: '${n}', toolset: 't' })\n`).join('')}`

const scan = (files: Record<string, string>) => scanTools({ root: '/p' }, { fs: createMemoryFs(files), cache: false })

/** A registry that outlives the module: name → source, as `register` records them. */
function fakeRegistry(entries: Record<string, string | undefined>) {
  const tools = new Map(Object.entries(entries))
  return {
    names: () => [...tools.keys()].sort(),
    getEntry: (name: string) => (tools.has(name) ? { name, source: tools.get(name) } : undefined),
    deregister: (name: string) => tools.delete(name),
    register: (name: string, source?: string) => void tools.set(name, source),
  }
}

describe('pruneCode', () => {
  it('removes what the previous version listed and this one does not, unless another file took it', async () => {
    const key = `test ${Math.random()}`
    const run = (code: string, registry: ReturnType<typeof fakeRegistry>) => new Function('registry', code)(registry)

    const v1 = await scan({ '/p/tools/a.ts': tool('a', 'b'), '/p/tools/c.ts': tool('c') })
    const t1 = sourcesTable(v1)
    const registry = fakeRegistry({ ...t1, dynamic_1: undefined })
    run(pruneCode(v1, key), registry)
    expect(registry.names()).toEqual(['a', 'b', 'c', 'dynamic_1'])

    // c.ts deleted; 'b' edited away in a.ts; 'a' since taken by another module (its source differs).
    const v2 = await scan({ '/p/tools/a.ts': tool('x') })
    registry.register('a', 'elsewhere.ts:1:1')
    registry.register('x', sourcesTable(v2).x)
    run(pruneCode(v2, key), registry)
    expect(registry.names()).toEqual(['a', 'dynamic_1', 'x'])

    // A key of its own: another registry module's table does not count.
    const other = fakeRegistry({ x: sourcesTable(v2).x })
    run(pruneCode(v1, `other ${key}`), other)
    expect(other.names()).toEqual(['x'])
  })
})
