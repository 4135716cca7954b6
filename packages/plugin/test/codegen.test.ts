// The generated module and declarations, as text. Running them is
// test/codegen-eval.test.ts; building them is the bundler suites.
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createMemoryFs,
  createScanner,
  generateCompanionModule,
  generateDts,
  generateManifest,
  generateModule,
  parseCompanionId,
  resolveOptions,
  scanTools,
  type ScanResult,
} from './internal.js'
import { cleanupTemps, fixture, repoRoot, tempDir } from './helpers.js'

afterEach(cleanupTemps)

const snapshotDir = fileURLToPath(new URL('./__snapshots__/', import.meta.url))

async function memoryScan(files: Record<string, string>, isolate = false, verify?: boolean): Promise<ScanResult> {
  return createScanner(
    resolveOptions({ isolate, ...(verify === undefined ? {} : { verify }) }, '/p'),
    createMemoryFs(files),
  ).scan()
}
/** The messages of what `tsc --strict` (NodeNext) finds in `files`. */
function typeErrors(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    types: [],
  })
  return ts.getPreEmitDiagnostics(program).map(d => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
}

const SOURCES_IMPORT = /^import "virtual:tool-registry:sources:[\w-]{12}"$/
const tool = (name: string) =>
  `import { registry } from '@toolreg/core'\nregistry.register({ name: '${name}', toolset: 't' })\n`

describe('generateModule', () => {
  it('matches the file snapshot for scan-basic (kept as a .ts file that type-checks)', async () => {
    const scan = await scanTools({ root: fixture('scan-basic') }, { cache: false })
    const code = generateModule(scan, {
      importPath: f => path.relative(snapshotDir, f.absPath).split(path.sep).join('/'),
    })
    await expect(code).toMatchFileSnapshot('./__snapshots__/virtual-tool-registry.ts')
  })

  it('imports the registry module first, then the sources table, then each tool module as a namespace in sorted path order', async () => {
    const code = generateModule(await memoryScan({ '/p/tools/b.ts': tool('b'), '/p/tools/a.ts': tool('a') }))
    const imports = code.split('\n').filter(l => l.startsWith('import '))
    expect(imports).toEqual([
      'import { registry } from "@toolreg/core"',
      expect.stringMatching(SOURCES_IMPORT),
      'import * as __tool0 from "/p/tools/a.ts"',
      'import * as __tool1 from "/p/tools/b.ts"',
    ])
    expect(code).toContain('export { registry }')
    expect(code).toContain('export const toolNames = /* @__PURE__ */ Object.freeze(["a", "b"])')
    expect(code).toContain('export const toolModules = /* @__PURE__ */ Object.freeze([__tool0, __tool1])')
    expect(code).toContain('export const loadErrors = /* @__PURE__ */ Object.freeze([])')
  })

  it('emits file names as JSON strings, never as code', async () => {
    const nasty = '/p/tools/x"); globalThis.pwned = 1; ("`${y}`.ts'
    const code = generateModule(await memoryScan({ [nasty]: tool('n') }))
    expect(code).toContain(`import * as __tool0 from ${JSON.stringify(nasty)}`)
    expect(code).not.toContain('import * as __tool0 from "/p/tools/x");')
  })

  it('uses the first registryModules entry', async () => {
    const scan = await createScanner(
      resolveOptions({ registryModules: ['~/my-registry', '@toolreg/core'] }, '/p'),
      createMemoryFs({ '/p/tools/a.ts': tool('a') }),
    ).scan()
    expect(generateModule(scan).split('\n')[2]).toBe('import { registry } from "~/my-registry"')
  })

  it('isolate: no static tool imports; import() of each in sorted order under Promise.allSettled', async () => {
    const scan = await memoryScan({ '/p/tools/b.ts': tool('b'), '/p/tools/a.ts': tool('a') }, true)
    const code = generateModule(scan)
    expect(code.split('\n').filter(l => l.startsWith('import '))).toEqual([
      'import { registry } from "@toolreg/core"',
      expect.stringMatching(SOURCES_IMPORT),
    ])
    const a = code.indexOf('import("/p/tools/a.ts")')
    const b = code.indexOf('import("/p/tools/b.ts")')
    expect(a).toBeGreaterThan(code.indexOf('await Promise.allSettled(['))
    expect(b).toBeGreaterThan(a)
    expect(code).toContain('Could not load tool module ${__files[i]}: ${message}')
    // The option overrides the scan's setting either way.
    expect(generateModule(scan, { isolate: false })).toContain('import * as __tool0 from "/p/tools/a.ts"')
  })

  it('an empty scan still gives a valid module with empty exports', async () => {
    const scan = await memoryScan({ '/p/tools/helper.ts': 'export {}\n' })
    const code = generateModule(scan)
    expect(code).toContain('export const toolNames = /* @__PURE__ */ Object.freeze([])')
    expect(code).toContain('export const toolModules = /* @__PURE__ */ Object.freeze([])')
    expect(code).toContain('export const loadErrors = /* @__PURE__ */ Object.freeze([])')
  })
})

describe('companion modules', () => {
  const scanOf = () =>
    memoryScan({
      '/p/tools/a.ts': tool('a'),
      '/p/tools/b.ts': `import { registry } from '@toolreg/core'\nregistry.register({ name: '__proto__', toolset: 't' })\nfor (const n of ['x']) registry.register({ name: n, toolset: 't' })\n`,
    })

  it('sources: one JSON string parsed once, the first site of each static name, __proto__ an ordinary name', async () => {
    const scan = await scanOf()
    const id = generateModule(scan)
      .split('\n')
      .find(l => SOURCES_IMPORT.test(l))!
      .slice('import '.length)
    const code = generateCompanionModule(scan, parseCompanionId(JSON.parse(id) as string)!)!
    const match = /registry\.setSources\(JSON\.parse\(('(?:[^'\\]|\\.)*')\)\)/.exec(code)
    expect(match, code).not.toBeNull()
    // The string literal's value, as JavaScript reads it.
    const text = new Function(`return ${match![1]!}`)() as string
    const table = JSON.parse(text) as Record<string, string>
    expect(Object.getOwnPropertyNames(table)).toEqual(['a', '__proto__'])
    expect(table).toMatchObject({ a: 'tools/a.ts:2:1' })
    expect(Object.getOwnPropertyDescriptor(table, '__proto__')?.value).toBe('tools/b.ts:2:1')
  })

  it('verify: begin and end markers around each tool module, in order; off by default', async () => {
    expect(generateModule(await scanOf())).not.toContain(':begin:')
    const code = generateModule(
      await memoryScan({ '/p/tools/a.ts': tool('a'), '/p/tools/b.ts': tool('b') }, false, true),
    )
    const imports = code
      .split('\n')
      .filter(l => l.startsWith('import '))
      .slice(2)
    expect(imports.map(l => l.replace(/"virtual:tool-registry:(begin|end):.*"/, '$1'))).toEqual([
      'import begin',
      'import * as __tool0 from "/p/tools/a.ts"',
      'import end',
      'import begin',
      'import * as __tool1 from "/p/tools/b.ts"',
      'import end',
    ])
    expect(generateModule(await scanOf(), { verify: true })).toContain(':end:')
  })

  it('verify: the end marker compares with the static names; dynamic names leave extras alone', async () => {
    const scan = await scanOf()
    const end = (file: string) => generateCompanionModule(scan, { kind: 'end', file })!
    expect(generateCompanionModule(scan, { kind: 'begin', file: 'tools/a.ts' })).toContain(
      'registry.beginSource("tools/a.ts")',
    )
    expect(end('tools/a.ts')).toContain('(registry.endSource("tools/a.ts").registered, ["a"])')
    expect(end('tools/a.ts')).toContain('registered.filter((name) => !expected.includes(name))')
    expect(end('tools/b.ts')).toContain('(registry.endSource("tools/b.ts").registered, ["__proto__"])')
    expect(end('tools/b.ts')).toContain('const extra = []')
    expect(generateCompanionModule(scan, { kind: 'end', file: 'tools/nope.ts' })).toBeUndefined()
  })
})

describe('generateManifest', () => {
  it('is the manifest as JSON', async () => {
    const scan = await memoryScan({ '/p/tools/a.ts': tool('a') })
    expect(JSON.parse(generateManifest(scan))).toEqual({
      version: 1,
      tools: [{ name: 'a', toolset: 't', file: 'tools/a.ts', line: 2, column: 1 }],
      files: ['tools/a.ts'],
    })
  })
})

describe('generateDts', () => {
  it('declares ToolName as the union of static names', async () => {
    const dts = generateDts(await memoryScan({ '/p/tools/a.ts': tool('add'), '/p/tools/b.ts': tool("it\\'s") }))
    expect(dts).toContain("declare module 'virtual:tool-registry' {")
    expect(dts).toContain("export type ToolName = 'add' | 'it\\'s'")
    expect(dts).toContain('export const toolNames: readonly ToolName[]')
    expect(dts).toContain("export { registry } from '@toolreg/core'")
  })

  it('ToolName is never without tools', async () => {
    expect(generateDts(await memoryScan({}))).toContain('export type ToolName = never')
  })

  it('client.d.ts (for dts: false) type-checks the same usage with ToolName = string', async () => {
    const dir = await tempDir()
    await mkdir(path.join(dir, 'node_modules/@toolreg'), { recursive: true })
    await symlink(path.join(repoRoot, 'packages/core'), path.join(dir, 'node_modules/@toolreg/core'), 'dir')
    await symlink(path.join(repoRoot, 'packages/plugin'), path.join(dir, 'node_modules/@toolreg/plugin'), 'dir')
    await writeFile(
      path.join(dir, 'use.ts'),
      [
        "import { registry, toolNames, manifest, loadErrors, toolModules, type ToolName } from 'virtual:tool-registry'",
        "const any: ToolName = 'whatever'",
        'const names: readonly string[] = toolNames',
        'const version: 1 = manifest.version',
        '// @ts-expect-error the registry is typed',
        'registry.noSuchMethod()',
        'export { any, names, version, loadErrors, toolModules }',
      ].join('\n'),
    )
    expect(typeErrors([path.join(dir, 'use.ts'), path.join(repoRoot, 'packages/plugin/client.d.ts')])).toEqual([])
  })

  it('type-checks, and ToolName rejects a name that is not a tool', async () => {
    const dir = await tempDir()
    await mkdir(path.join(dir, 'node_modules/@toolreg'), { recursive: true })
    await symlink(path.join(repoRoot, 'packages/core'), path.join(dir, 'node_modules/@toolreg/core'), 'dir')
    await symlink(path.join(repoRoot, 'packages/plugin'), path.join(dir, 'node_modules/@toolreg/plugin'), 'dir')
    await writeFile(
      path.join(dir, 'tool-registry.d.ts'),
      generateDts(await scanTools({ root: fixture('scan-basic') }, { cache: false })),
    )
    await writeFile(
      path.join(dir, 'use.ts'),
      [
        "import { registry, toolNames, manifest, loadErrors, type ToolName } from 'virtual:tool-registry'",
        "const ok: ToolName = 'web_search'",
        'const names: readonly ToolName[] = toolNames',
        'const entry = registry.getEntry(ok)',
        'const version: 1 = manifest.version',
        '// @ts-expect-error a manifest entry names a tool of this build',
        "const wrong: 'nope' | null = manifest.tools[0]!.name",
        'const errors: readonly { file: string; error: string }[] = loadErrors',
        '// @ts-expect-error not a tool of this build',
        "const bad: ToolName = 'nope'",
        'export { names, entry, version, errors, bad, wrong }',
      ].join('\n'),
    )
    const errors = typeErrors([path.join(dir, 'use.ts'), path.join(dir, 'tool-registry.d.ts')])
    expect(errors).toEqual([])
  })
})
