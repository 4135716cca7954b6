// The build and @toolreg/core/tool-layer (plugin README, "The virtual module"): the sources
// module installs the layer before any tool module runs when a tool module may use one of its
// fields; the manifest and the lazy table carry static needsApproval, annotations and timeoutMs.
import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { generateModuleFiles } from '../src/codegen/module-file.js'
import { mayUseToolLayer, toolLayerUse } from '../src/scan/tool-layer-use.js'
import { cleanupTemps, repoRoot, tempDir } from './helpers.js'
import { createMemoryFs, generateCompanionModule, generateModule, scanTools, type FileScan } from './internal.js'

const HEAD = `import { registry } from '@toolreg/core'\n`
const INSTALL = 'import { toolLayer } from "@toolreg/core/tool-layer"\nregistry.configure({ toolLayer })\n'

async function scanFiles(files: Record<string, string>, lazy = false) {
  const fs = createMemoryFs(
    Object.fromEntries(Object.entries(files).map(([f, text]) => [`/p/tools/${f}`, HEAD + text])),
  )
  return scanTools({ root: '/p', lazy }, { fs })
}

/** The sources companion the virtual module imports (a build's, or the dev server's with `lazy: false`). */
function sourcesModule(scan: Awaited<ReturnType<typeof scanFiles>>, dev = false): string {
  return generateCompanionModule(scan, { kind: 'sources' }, dev ? { lazy: false } : {})!
}

afterAll(cleanupTemps)

describe('which tool modules need the tool layer', () => {
  const site = (code: string) => {
    const start = code.indexOf('registry.register(')
    return [{ name: 'x', toolset: 't', file: 'a.ts', line: 1, column: 1, start, end: code.length }]
  }
  it.each([
    ["registry.register({ name: 'x', toolset: 't', schema: {}, handler: () => '' })", false],
    ["const S = { name: 'x', toolset: 't', schema: {}, handler: () => '' } as const\nregistry.register(S)", false],
    [
      "const P = { type: 'object' }\nregistry.register({ name: 'x', toolset: 't', schema: { ...P }, handler: () => '' })",
      false,
    ],
    ["registry.register({ name: 'x', toolset: 't', schema: {}, needsApproval: true, handler: () => '' })", true],
    ["registry.register({ name: 'x', toolset: 't', schema: {}, timeoutMs: 5, handler: () => '' })", true],
    ["registry.register({ name: 'x', toolset: 't', schema: {}, retry: { attempts: 2 }, handler: () => '' })", true],
    ["registry.register({ name: 'x', toolset: 't', schema: {}, async *handler() { yield 1 } })", true],
    [
      "async function* pages() { yield 1 }\nregistry.register({ name: 'x', toolset: 't', schema: {}, handler: pages })",
      true,
    ],
    ["import { spec } from './spec.js'\nregistry.register(spec)", true],
    ["import { base } from './base.js'\nregistry.register({ ...base, name: 'x' })", true],
    ["registry.register(make({ name: 'x' }))", true],
    [
      "registry.register({ name: 'x', toolset: 't', schema: {}, handler: (a) => [...a.list].join(f(...a.rest)) })",
      false,
    ],
    ["import { base } from './base.js'\nregistry.register({ name: 'x', toolset: 't', schema: {}, ...(base) })", true],
  ])('%s → %s', (code, expected) => {
    expect(mayUseToolLayer(code, site(code))).toBe(expected)
    expect(toolLayerUse(code, site(code)).layer).toBe(expected)
  })

  it('only a file naming needsApproval, annotations or timeoutMs is read for the manifest', () => {
    const plain =
      "registry.register({ name: 'x', toolset: 't', schema: {}, retry: { attempts: 2 }, handler: () => '' })"
    expect(toolLayerUse(plain, site(plain))).toEqual({ layer: true, policies: false })
    const hinted = "registry.register({ name: 'x', toolset: 't', schema: {}, annotations: {}, handler: () => '' })"
    expect(toolLayerUse(hinted, site(hinted))).toEqual({ layer: false, policies: true })
  })
})

describe('the sources module installs the tool layer', () => {
  it('before the sources table, when a tool module uses a field of the layer; not otherwise', async () => {
    const plain = await scanFiles({
      'a.ts': "registry.register({ name: 'a', toolset: 't', schema: {}, handler: () => '' })",
    })
    expect(sourcesModule(plain)).not.toContain('tool-layer')
    const approval = await scanFiles({
      'a.ts': "registry.register({ name: 'a', toolset: 't', schema: {}, handler: () => '' })",
      'rm.ts': "registry.register({ name: 'rm', toolset: 't', schema: {}, needsApproval: true, handler: () => '' })",
    })
    const text = sourcesModule(approval)
    expect(text).toContain(INSTALL)
    expect(text.indexOf(INSTALL)).toBeLessThan(text.indexOf('registry.setSources('))
    // A new module id when the layer comes or goes, so a bundler does not keep the old text.
    const id = (scan: typeof plain) => /virtual:tool-registry:sources:[\w-]*/.exec(generateModule(scan))![0]
    expect(id(approval)).not.toBe(id(plain))
  })

  it('always in dev, where a saved file may start using one', async () => {
    const plain = await scanFiles({
      'a.ts': "registry.register({ name: 'a', toolset: 't', schema: {}, handler: () => '' })",
    })
    expect(sourcesModule(plain, true)).toContain(INSTALL)
  })

  it('a generated module runs: the tool needing approval fails closed, runs once approved; the manifest says its policy', async () => {
    const dir = await tempDir('tool-layer-', path.join(repoRoot, 'test/.tmp'))
    await mkdir(path.join(dir, 'tools'), { recursive: true })
    await writeFile(
      path.join(dir, 'tools/rm.mjs'),
      `${HEAD}registry.register({ name: 'rm', toolset: 'fs', schema: {}, needsApproval: true, annotations: { destructiveHint: true }, timeoutMs: 5000, handler: () => 'gone' })\n`,
    )
    const scan = await scanTools({ root: dir, include: ['*.mjs'] }, { cache: false })
    expect(scan.diagnostics).toEqual([])
    const files = generateModuleFiles(scan, { file: path.join(dir, 'registry.gen.mjs') })
    for (const f of files) await writeFile(f.file, f.content)
    await writeFile(
      path.join(dir, 'main.mjs'),
      `import { registry, manifest } from './registry.gen.mjs'
console.log(JSON.stringify([await registry.dispatch('rm', {}), await registry.dispatch('rm', {}, { approve: () => true }), manifest.tools]))\n`,
    )
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(dir, 'main.mjs')], { cwd: dir })
    expect(JSON.parse(stdout)).toEqual([
      '{"error":"[APPROVAL_REQUIRED] Tool rm needs approval"}',
      'gone',
      [
        {
          name: 'rm',
          toolset: 'fs',
          file: 'tools/rm.mjs',
          line: 2,
          column: 1,
          needsApproval: true,
          annotations: { destructiveHint: true },
          timeoutMs: 5000,
        },
      ],
    ])
  })
})

describe('the manifest and the lazy table carry needsApproval, annotations and timeoutMs', () => {
  it('static values in the manifest; a function as dynamic; nothing for a tool without them', async () => {
    const scan = await scanFiles({
      'a.ts': `const A = { readOnlyHint: true } as const
registry.register({ name: 'a', toolset: 't', schema: {}, annotations: A, timeoutMs: 30000, handler: () => '' })
registry.register({ name: 'b', toolset: 't', schema: {}, needsApproval: (args) => !!args.force, handler: () => '' })`,
      'c.ts': "registry.register({ name: 'c', toolset: 't', schema: {}, handler: () => '' })",
    })
    expect(scan.manifest.tools.map(({ line, column, file, ...t }) => t)).toEqual([
      { name: 'a', toolset: 't', annotations: { readOnlyHint: true }, timeoutMs: 30000 },
      { name: 'b', toolset: 't', needsApproval: 'dynamic' },
      { name: 'c', toolset: 't' },
    ])
  })

  it('a lazy tool’s static needsApproval and annotations go into the lazy table; a run-time one loads eagerly', async () => {
    const scan = await scanFiles(
      {
        'rm.ts': `registry.register({ name: 'rm', toolset: 'fs', schema: { description: 'Remove' }, needsApproval: true, annotations: { destructiveHint: true }, handler: () => '' })`,
        'mv.ts': `registry.register({ name: 'mv', toolset: 'fs', schema: {}, needsApproval: (a) => a.force === true, handler: () => '' })`,
      },
      true,
    )
    const byFile = (f: string) => scan.toolModules.find(m => m.file === `tools/${f}`) as FileScan
    expect(byFile('rm.ts').lazy).toEqual({
      lazy: true,
      tools: [
        {
          name: 'rm',
          toolset: 'fs',
          schema: { description: 'Remove' },
          needsApproval: true,
          annotations: { destructiveHint: true },
        },
      ],
    })
    expect(byFile('mv.ts').lazy).toMatchObject({ lazy: false, reason: 'its needsApproval is decided at run time' })
    expect(scan.diagnostics.map(d => d.message)).toEqual([
      expect.stringContaining('tools/mv.ts is loaded eagerly, not lazily: its needsApproval is decided at run time'),
    ])
    expect(generateModule(scan)).toContain('{"needsApproval":true,"annotations":{"destructiveHint":true}}')
  })
})
