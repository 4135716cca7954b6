// Run the generated module: generate `virtual:tool-registry` and its companion modules
// (the sources table, verify's markers) into a temp dir as .mjs, import() it, and check
// what the registry holds. Tool files are not rewritten (esbuild strips TypeScript only).
import { execFile } from 'node:child_process'
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { transform } from 'esbuild'
import { afterEach, describe, expect, it } from 'vitest'
import { registry } from '@toolreg/core'
import { generateCompanionModule, generateModule, scanTools, type FileScan, type ScanResult } from '@toolreg/plugin'
import { cleanupTemps, copyFixture } from '../packages/plugin/test/helpers.js'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const registered = new Set<string>()
const run = promisify(execFile)

afterEach(async () => {
  for (const name of registered) registry.deregister(name)
  registered.clear()
  await cleanupTemps()
})

interface VirtualModule {
  registry: typeof registry
  toolNames: readonly string[]
  manifest: ScanResult['manifest']
  loadErrors: readonly { file: string; error: string }[]
  toolModules: readonly (Record<string, unknown> | null)[]
}

/** Copy a fixture next to a node_modules that resolves @toolreg/core, strip TypeScript from its tool files and generate the module. */
async function build(fixtureName: string, options: { isolate?: boolean; verify?: boolean } = {}) {
  const root = await copyFixture(fixtureName)
  const nodeModules = path.join(path.dirname(root), 'node_modules/@toolreg')
  await mkdir(nodeModules, { recursive: true })
  await symlink(path.join(repoRoot, 'packages/core'), path.join(nodeModules, 'core'), 'dir')

  const scan = await scanTools({ root, ...options })
  const outDir = path.join(path.dirname(root), 'out')
  await mkdir(outDir)
  const output = new Map<FileScan, string>()
  for (const [i, file] of scan.toolModules.entries()) {
    const code = await readFile(file.absPath, 'utf8')
    const isTs = /\.[mc]?tsx?$/.test(file.absPath)
    const js = isTs ? (await transform(code, { loader: 'ts', format: 'esm' })).code : code
    // .mjs tool files keep their (odd) names; TypeScript ones become numbered .mjs.
    const out = isTs ? path.join(outDir, `${i}.mjs`) : file.absPath
    await writeFile(out, js)
    output.set(file, out)
  }
  const modulePath = path.join(outDir, 'virtual-tool-registry.mjs')
  // Each companion module as a numbered file next to it.
  const companions: string[] = []
  const companionPath = (id: string): string => {
    const code = generateCompanionModule(scan, id)
    if (code === undefined) throw new Error(`no companion module for ${id}`)
    const file = path.join(outDir, `companion-${companions.length}.mjs`)
    companions.push(file)
    pendingWrites.push(writeFile(file, code))
    return pathToFileURL(file).href
  }
  const pendingWrites: Promise<void>[] = []
  // File URLs: Node reads `?` and `#` in a bare absolute path as query and fragment.
  await writeFile(
    modulePath,
    generateModule(scan, { importPath: f => pathToFileURL(output.get(f)!).href, companionPath }),
  )
  await Promise.all(pendingWrites)
  for (const name of scan.toolNames) registered.add(name)
  return { scan, root, modulePath, load: () => import(pathToFileURL(modulePath).href) as Promise<VirtualModule> }
}

describe('the generated module, evaluated', () => {
  it('scan-basic: registers exactly the scanned tools, each with its source location', async () => {
    const { scan, load } = await build('scan-basic')
    const before = new Set(registry.getAllToolNames())
    const mod = await load()
    expect(mod.registry).toBe(registry)
    expect(mod.toolNames).toEqual(['add', 'clock_now', 'multiply', 'web_search'])
    expect(registry.getAllToolNames().filter(n => !before.has(n))).toEqual([
      'add',
      'clock_now',
      'multiply',
      'web_search',
    ])
    expect(Object.fromEntries(mod.toolNames.map(n => [n, registry.getEntry(n)?.source]))).toEqual({
      add: 'tools/math.ts:12:1',
      clock_now: 'tools/clock.ts:11:1',
      multiply: 'tools/math.ts:19:25',
      web_search: 'tools/search.ts:3:1',
    })
    expect(mod.manifest).toEqual(scan.manifest)
    expect(Object.isFrozen(mod.manifest) && Object.isFrozen(mod.manifest.tools[0])).toBe(true)
    expect(mod.loadErrors).toEqual([])
    // The namespaces are exported: math.ts's `multiply` is the entry it registered.
    expect(mod.toolModules[1]!.multiply).toBe(registry.getEntry('multiply'))
    expect(await registry.dispatch('add', { a: 2, b: 3 })).toBe('5')
  })

  it('scan-filenames: spaces, quotes, $, backticks, non-ASCII, ? and # all import and register', async () => {
    const { modulePath } = await build('scan-filenames')
    // Plain Node, not the test runner's module loader (which reads `#` in a path as a fragment).
    const script = [
      `const mod = await import(${JSON.stringify(pathToFileURL(modulePath).href)})`,
      'const sources = Object.fromEntries(mod.toolNames.map((n) => [n, mod.registry.getEntry(n)?.source]))',
      "console.log(JSON.stringify({ sources, result: await mod.registry.dispatch('fn_double_quote', {}) }))",
    ].join('\n')
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: path.dirname(modulePath),
    })
    expect(JSON.parse(stdout)).toEqual({
      sources: {
        fn_backtick: 'tools/back`tick`.mjs:3:1',
        fn_cjk: 'tools/日本語.mjs:3:1',
        fn_dollar: 'tools/cost$1.mjs:3:1',
        fn_double_quote: 'tools/say "hi".mjs:3:1',
        fn_hash: 'tools/hash#1.mjs:3:1',
        fn_latin: 'tools/ünïcödé.mjs:3:1',
        fn_question: 'tools/what?.mjs:3:1',
        fn_single_quote: "tools/it's.mjs:3:1",
        fn_space: 'tools/with space.mjs:3:1',
      },
      result: 'fn_double_quote',
    })
  })

  it('scan-side-effects: tool modules of a "sideEffects": false package register', async () => {
    const { load } = await build('scan-side-effects')
    const mod = await load()
    expect(mod.toolNames).toEqual(['alpha', 'beta'])
    expect(['alpha', 'beta'].map(n => registry.getEntry(n)?.source)).toEqual([
      'tools/alpha.ts:4:1',
      'tools/beta.ts:3:21',
    ])
  })

  it('isolate: a tool module that throws is logged and listed in loadErrors; the others register', async () => {
    const { load } = await build('scan-isolate', { isolate: true })
    const logged: string[] = []
    const previous = registry.logger
    const capture = { ...console, error: (...args: unknown[]) => void logged.push(args.map(String).join(' ')) }
    registry.configure({ logger: capture })
    try {
      const mod = await load()
      expect(mod.loadErrors).toEqual([{ file: 'tools/b-broken.mjs', error: 'tool module b-broken failed on purpose' }])
      expect(Object.isFrozen(mod.loadErrors)).toBe(true)
      expect(logged).toEqual(['Could not load tool module tools/b-broken.mjs: tool module b-broken failed on purpose'])
      // Tools registered before the throw stay, as in the seed.
      expect(['iso_first', 'iso_before_throw', 'iso_last'].map(n => registry.getEntry(n)?.source)).toEqual([
        'tools/a-first.mjs:3:1',
        'tools/b-broken.mjs:4:1',
        'tools/c-last.mjs:3:1',
      ])
      expect(mod.toolModules.map(m => m === null)).toEqual([false, true, false])
    } finally {
      registry.configure({ logger: previous })
    }
  })

  it('without isolate, a tool module that throws fails the whole import', async () => {
    const { load } = await build('scan-isolate')
    await expect(load()).rejects.toThrow('tool module b-broken failed on purpose')
  })
})
