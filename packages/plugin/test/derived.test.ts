// A rescan that moves no register site reuses the names, the manifest and the TR001 groups
// of the scan before (a dev save that edits a description); any moved site recomputes them.
import { describe, expect, it } from 'vitest'
import { createMemoryFs, createScanner, resolveOptions } from './internal.js'

const tool = (name: string, description: string, blank = '') =>
  `import { registry } from '@toolreg/core'\n${blank}registry.register({ name: '${name}', toolset: 't', description: '${description}', schema: {}, handler: () => '' })\n`

describe('derived values of a rescan', () => {
  it('are the same objects when no site moved, new and correct when one did', async () => {
    const fs = createMemoryFs({
      '/p/tools/a.ts': tool('a', 'one'),
      '/p/tools/b.ts': tool('b', 'one'),
      '/p/tools/c.ts': tool('a', 'dup'),
    })
    const scanner = createScanner(resolveOptions({ dts: false }, '/p'), fs, { cache: false })
    const first = await scanner.scan()
    expect(first.diagnostics.map(d => d.code)).toEqual(['TR001'])

    fs.write('/p/tools/b.ts', tool('b', 'two'))
    scanner.invalidate('/p/tools/b.ts')
    const same = await scanner.scan({ changed: ['/p/tools/b.ts'] })
    expect(same.toolNames).toBe(first.toolNames)
    expect(same.manifest).toBe(first.manifest)
    expect(same.diagnostics).toEqual(first.diagnostics)

    fs.write('/p/tools/b.ts', tool('b2', 'two', '\n'))
    scanner.invalidate('/p/tools/b.ts')
    const moved = await scanner.scan({ changed: ['/p/tools/b.ts'] })
    expect(moved.toolNames).toEqual(['a', 'b2'])
    expect(moved.manifest.tools.find(t => t.file === 'tools/b.ts')).toEqual({
      name: 'b2',
      toolset: 't',
      file: 'tools/b.ts',
      line: 3,
      column: 1,
    })

    fs.write('/p/tools/c.ts', tool('c', 'fixed'))
    scanner.invalidate('/p/tools/c.ts')
    const fixed = await scanner.scan({ changed: ['/p/tools/c.ts'] })
    expect(fixed.diagnostics).toEqual([])
    expect(fixed.toolNames).toEqual(['a', 'b2', 'c'])
  })
})
