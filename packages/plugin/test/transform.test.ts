import { describe, expect, it } from 'vitest'
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping'
import { createMemoryFs, createScanner, resolveOptions, transformToolModule, transformToolModuleCode, type FileScan } from '@toolreg/plugin'

async function scanOne(code: string, file = 'a.ts'): Promise<FileScan> {
  const scanner = createScanner(resolveOptions({}, '/p'), createMemoryFs({ [`/p/tools/${file}`]: code }))
  await scanner.scan()
  const scan = scanner.getFileScan(`/p/tools/${file}`)
  if (!scan) throw new Error('not a tool module')
  return scan
}

/** 0-based line and column of the first occurrence of `needle`. */
function find(code: string, needle: string): { line: number; column: number } {
  const index = code.indexOf(needle)
  expect(index).toBeGreaterThanOrEqual(0)
  const before = code.slice(0, index).split('\n')
  return { line: before.length, column: before[before.length - 1]!.length }
}

const SOURCE = [
  "import { registry } from '@toolreg/core'",
  '',
  "registry.register({ name: 'a', toolset: 't', schema: {}, handler: () => 'A' })",
  'registry.register(',
  "  { name: 'b', toolset: 't', schema: {}, handler: () => 'B' },",
  ')',
  "registry.register({ name: 'c', toolset: 't', schema: {}, handler: () => 'C' }, { source: 'mine' })",
  '',
].join('\n')

describe('transformToolModule', () => {
  it('adds { source } to each call without a second argument, keeping trailing commas valid', async () => {
    const result = transformToolModule(SOURCE, await scanOne(SOURCE))
    expect(result).not.toBeNull()
    expect(result!.code).toBe(SOURCE
      .replace("handler: () => 'A' })", 'handler: () => \'A\' }, { source: "tools/a.ts:3:1" })')
      .replace("handler: () => 'B' },", 'handler: () => \'B\' }, { source: "tools/a.ts:4:1" },'))
  })

  it('returns null when every call already passes meta', async () => {
    const code = "import { registry } from '@toolreg/core'\nregistry.register({ name: 'a', toolset: 't' }, { source: 'x' })\n"
    expect(transformToolModule(code, await scanOne(code))).toBeNull()
  })

  it('handles the code with or without the BOM the file had', async () => {
    const code = "import { registry } from '@toolreg/core'\nregistry.register({ name: 'a', toolset: 't' })\n"
    const scan = await scanOne('\uFEFF' + code)
    const expected = code.replace("'t' })", '\'t\' }, { source: "tools/a.ts:2:1" })')
    expect(transformToolModule(code, scan)!.code).toBe(expected)
    expect(transformToolModule('\uFEFF' + code, scan)!.code).toBe('\uFEFF' + expected)
  })

  it('analyses again when an earlier plugin changed the code', async () => {
    const code = "import { registry } from '@toolreg/core'\nregistry.register({ name: 'a', toolset: 't' })\n"
    const scan = await scanOne(code)
    const changed = '/* banner */\n' + code
    // The source names the position in the code it was given.
    expect(transformToolModule(changed, scan)!.code).toBe(changed.replace("'t' })", '\'t\' }, { source: "tools/a.ts:3:1" })'))
  })

  it('the fresh analysis of changed code follows the registryModules given in opts.detect', async () => {
    const code = "import { registry as r } from '~/reg'\nr.register({ name: 'a', toolset: 't' })\n"
    const scanner = createScanner(resolveOptions({ registryModules: ['~/reg'] }, '/p'), createMemoryFs({ '/p/tools/a.ts': code }))
    await scanner.scan()
    const scan = scanner.getFileScan('/p/tools/a.ts')!
    const changed = '// changed\n' + code
    expect(transformToolModule(changed, scan)).toBeNull()
    expect(transformToolModule(changed, scan, { detect: scanner.options })!.code).toContain('{ source: "tools/a.ts:3:1" }')
  })

  it('the map names the absolute path by default', async () => {
    const code = "import { registry } from '@toolreg/core'\nregistry.register({ name: 'a', toolset: 't' })\n"
    expect(transformToolModule(code, await scanOne(code))!.map.sources).toEqual(['/p/tools/a.ts'])
  })

  it('names the file and a root-relative path with special characters as data', async () => {
    const code = "import { registry } from '@toolreg/core'\nregistry.register({ name: 'a', toolset: 't' })\n"
    const result = transformToolModule(code, await scanOne(code, 'we"ird $`name`.ts'))
    expect(result!.code).toContain('{ source: "tools/we\\"ird $`name`.ts:2:1" }')
  })

  it('produces a source map that maps the original code back to itself', async () => {
    const result = transformToolModule(SOURCE, await scanOne(SOURCE), { sourceMapFileName: '/abs/tools/a.ts' })!
    expect(result.map.sources).toEqual(['/abs/tools/a.ts'])
    expect(result.map.sourcesContent).toEqual([SOURCE])
    const trace = new TraceMap(result.map.toString())
    for (const needle of ["handler: () => 'B'", "name: 'c'", ')\nregistry.register({ name: \'c\'', "handler: () => 'C'"]) {
      const generated = find(result.code, needle)
      const original = find(SOURCE, needle)
      const pos = originalPositionFor(trace, { line: generated.line, column: generated.column })
      expect(pos).toMatchObject({ source: '/abs/tools/a.ts', line: original.line, column: original.column })
    }
  })
})

describe('transformToolModuleCode (no source map)', () => {
  it('gives exactly the code transformToolModule gives', async () => {
    const scan = await scanOne(SOURCE)
    expect(transformToolModuleCode(SOURCE, scan)).toBe(transformToolModule(SOURCE, scan)!.code)
    expect(transformToolModuleCode('\uFEFF' + SOURCE, scan)).toBe(transformToolModule('\uFEFF' + SOURCE, scan)!.code)
    const changed = '/* banner */\n' + SOURCE
    expect(transformToolModuleCode(changed, scan)).toBe(transformToolModule(changed, scan)!.code)
  })

  it('returns null when every call already passes meta', async () => {
    const code = "import { registry } from '@toolreg/core'\nregistry.register({ name: 'a', toolset: 't' }, { source: 'x' })\n"
    expect(transformToolModuleCode(code, await scanOne(code))).toBeNull()
  })
})
