// The build and the tool layer (plugin README, "The virtual module"): every registry has the
// layer, so the generated code installs nothing; the manifest and the lazy table carry static
// needsApproval, annotations and timeoutMs.
import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { generateModuleFiles } from '../src/codegen/module-file.js'
import { namesPolicy } from '../src/detect/policy-words.js'
import { cleanupTemps, repoRoot, tempDir } from './helpers.js'
import { createMemoryFs, generateCompanionModule, generateModule, scanTools, type FileScan } from './internal.js'

const HEAD = `import { registry } from '@toolreg/core'\n`

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

describe('which tool modules are read for the manifest', () => {
  it.each([
    ["registry.register({ name: 'x', toolset: 't', schema: {}, retry: { attempts: 2 }, handler: () => '' })", false],
    ["registry.register({ name: 'x', toolset: 't', schema: {}, annotations: {}, handler: () => '' })", true],
    ["registry.register({ name: 'x', toolset: 't', schema: {}, needsApproval: true, handler: () => '' })", true],
    ["registry.register({ name: 'x', toolset: 't', schema: {}, timeoutMs: 5, handler: () => '' })", true],
  ])('%s → %s', (code, expected) => {
    expect(namesPolicy(code)).toBe(expected)
  })
})

describe('the generated code needs no tool-layer install', () => {
  it('the sources module only hands over the table, in a build and in dev', async () => {
    const scan = await scanFiles({
      'rm.ts': "registry.register({ name: 'rm', toolset: 't', schema: {}, needsApproval: true, handler: () => '' })",
    })
    for (const dev of [false, true]) {
      const text = sourcesModule(scan, dev)
      expect(text).not.toContain('tool-layer')
      expect(text).not.toContain('configure')
      expect(text).toContain('registry.setSources(')
    }
  })

  it('a spec const spreading an imported policy registers and asks for approval at run time (trust #9)', async () => {
    const dir = await tempDir('tool-layer-', path.join(repoRoot, 'test/.tmp'))
    await mkdir(path.join(dir, 'tools'), { recursive: true })
    await writeFile(path.join(dir, 'policy.mjs'), 'export const guarded = { needsApproval: true, timeoutMs: 5000 }\n')
    await writeFile(
      path.join(dir, 'tools/wipe.mjs'),
      `${HEAD}import { guarded } from '../policy.mjs'\nconst spec = { name: 'wipe', toolset: 'fs', schema: {}, ...guarded, handler: () => 'wiped' }\nregistry.register(spec)\n`,
    )
    const scan = await scanTools({ root: dir, include: ['*.mjs'] }, { cache: false })
    // The name is not readable at build time (a warning); the tool still registers at run time.
    expect(scan.diagnostics.map(d => [d.code, d.severity])).toEqual([['TR002', 'warning']])
    for (const f of generateModuleFiles(scan, { file: path.join(dir, 'registry.gen.mjs') }))
      await writeFile(f.file, f.content)
    await writeFile(
      path.join(dir, 'main.mjs'),
      `import { registry } from './registry.gen.mjs'
console.log(JSON.stringify([await registry.dispatch('wipe', {}), await registry.dispatch('wipe', {}, { approve: () => true })]))\n`,
    )
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(dir, 'main.mjs')], { cwd: dir })
    expect(JSON.parse(stdout)).toEqual(['{"error":"[APPROVAL_REQUIRED] Tool wipe needs approval"}', 'wiped'])
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
