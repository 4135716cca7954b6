// Real builds of the fixture apps with every supported bundler. Each build's output is
// run in a fresh Node process and must hold exactly the fixture's tools; the collision
// fixture must make each bundler fail with TR001 naming both files.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from './helpers/run.js'
import type { ToolRegistryOptions } from '@toolreg/plugin'
import viteToolRegistry from '@toolreg/plugin/vite'
import rollupToolRegistry from '@toolreg/plugin/rollup'
import rolldownToolRegistry from '@toolreg/plugin/rolldown'
import esbuildToolRegistry from '@toolreg/plugin/esbuild'
import webpackToolRegistry from '@toolreg/plugin/webpack'
import rspackToolRegistry from '@toolreg/plugin/rspack'
import { rspackTypeScript } from './helpers/rspack.js'

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures')
const APP = path.join(FIXTURES, 'build-app')
const COLLISION = path.join(FIXTURES, 'build-collision')
const DYNAMIC = path.join(FIXTURES, 'build-dynamic')
const APP_OPTIONS: ToolRegistryOptions = { dirs: ['tools', 'vendor/weather/tools'], dts: false }
const require = createRequire(import.meta.url)

// ---------------------------------------------------------------------------
// One build function per bundler, all with the same shape.

interface BuildOutcome {
  ok: boolean
  /** The error text the bundler reported (thrown message, esbuild/webpack errors). */
  error: string
  /** Every warning the bundler passed on, as text. */
  warnings: string[]
  outDir: string
  /** The entry chunk to run with Node. */
  entry: string
}

interface BuildRequest {
  root: string
  options: ToolRegistryOptions
  outDir: string
  /** Rollup-family option: `treeshake.moduleSideEffects: false`. */
  noModuleSideEffects?: boolean
}

type Bundler = 'vite' | 'rollup' | 'rolldown' | 'esbuild' | 'webpack' | 'rspack'
const BUNDLERS: Bundler[] = ['vite', 'rollup', 'rolldown', 'esbuild', 'webpack', 'rspack']

const errorText = (error: unknown): string =>
  error instanceof Error ? [error.message, (error as { frame?: string }).frame ?? ''].join('\n') : String(error)

const builders: Record<Bundler, (req: BuildRequest) => Promise<BuildOutcome>> = {
  async vite({ root, options, outDir, noModuleSideEffects }) {
    const { build, createLogger } = await import('vite')
    const warnings: string[] = []
    const logger = createLogger('warn')
    logger.warn = msg => void warnings.push(msg)
    logger.warnOnce = msg => void warnings.push(msg)
    logger.error = () => {}
    const entry = path.join(outDir, 'main.mjs')
    try {
      await build({
        root,
        configFile: false,
        customLogger: logger,
        plugins: [viteToolRegistry(options)],
        build: {
          outDir,
          emptyOutDir: true,
          minify: false,
          lib: { entry: 'src/main.ts', formats: ['es'], fileName: () => 'main.mjs' },
          rolldownOptions: noModuleSideEffects ? { treeshake: { moduleSideEffects: false } } : {},
        },
      })
      return { ok: true, error: '', warnings, outDir, entry }
    } catch (error) {
      return { ok: false, error: errorText(error), warnings, outDir, entry }
    }
  },

  async rollup({ root, options, outDir, noModuleSideEffects }) {
    const { rollup } = await import('rollup')
    const { default: esbuild } = await import('rollup-plugin-esbuild')
    const warnings: string[] = []
    const entry = path.join(outDir, 'main.mjs')
    // The smallest resolver for the workspace package (rollup resolves only relative paths).
    const resolveWorkspace = {
      name: 'resolve-workspace',
      // With its subpaths (`@toolreg/core/validate`, …).
      resolveId: (id: string) =>
        id === '@toolreg/core' || id.startsWith('@toolreg/core/') ? require.resolve(id) : null,
    }
    try {
      const bundle = await rollup({
        input: path.join(root, 'src/main.ts'),
        // toolRegistry first: its transform must see the TypeScript source (positions).
        plugins: [rollupToolRegistry({ root, ...options }), resolveWorkspace, esbuild({ target: 'es2022' })],
        treeshake: noModuleSideEffects ? { moduleSideEffects: false } : true,
        onwarn: warning => void warnings.push(warning.message),
      })
      await bundle.write({ dir: outDir, format: 'es', entryFileNames: 'main.mjs' })
      await bundle.close()
      return { ok: true, error: '', warnings, outDir, entry }
    } catch (error) {
      return { ok: false, error: errorText(error), warnings, outDir, entry }
    }
  },

  async rolldown({ root, options, outDir, noModuleSideEffects }) {
    const { rolldown } = await import('rolldown')
    const warnings: string[] = []
    const entry = path.join(outDir, 'main.mjs')
    try {
      const bundle = await rolldown({
        input: path.join(root, 'src/main.ts'),
        cwd: root,
        plugins: [rolldownToolRegistry(options)],
        treeshake: noModuleSideEffects ? { moduleSideEffects: false } : true,
        onwarn: warning => void warnings.push(warning.message),
      })
      await bundle.write({ dir: outDir, format: 'es', entryFileNames: 'main.mjs' })
      await bundle.close()
      return { ok: true, error: '', warnings, outDir, entry }
    } catch (error) {
      return { ok: false, error: errorText(error), warnings, outDir, entry }
    }
  },

  async esbuild({ root, options, outDir }) {
    const esbuild = await import('esbuild')
    const entry = path.join(outDir, 'main.mjs')
    const text = (messages: { text: string }[]) => messages.map(m => m.text)
    try {
      const result = await esbuild.build({
        absWorkingDir: root,
        entryPoints: ['src/main.ts'],
        bundle: true,
        platform: 'node',
        format: 'esm',
        outdir: outDir,
        outExtension: { '.js': '.mjs' },
        logLevel: 'silent',
        plugins: [esbuildToolRegistry(options)],
      })
      return {
        ok: result.errors.length === 0,
        error: text(result.errors).join('\n'),
        warnings: text(result.warnings),
        outDir,
        entry,
      }
    } catch (error) {
      const failure = error as { errors?: { text: string }[]; warnings?: { text: string }[] }
      return {
        ok: false,
        error: failure.errors ? text(failure.errors).join('\n') : errorText(error),
        warnings: failure.warnings ? text(failure.warnings) : [],
        outDir,
        entry,
      }
    }
  },

  async webpack({ root, options, outDir }) {
    const { default: webpack } = await import('webpack')
    const entry = path.join(outDir, 'main.cjs')
    const compiler = webpack({
      mode: 'production',
      context: root,
      entry: './src/main.ts',
      target: 'node20',
      devtool: false,
      output: { path: outDir, filename: 'main.cjs', clean: true },
      optimization: { minimize: false },
      resolve: { extensions: ['.ts', '.js'] },
      module: { rules: [{ test: /\.ts$/, loader: require.resolve('esbuild-loader'), options: { target: 'es2022' } }] },
      plugins: [webpackToolRegistry(options)],
      infrastructureLogging: { level: 'none' },
    })
    return runWebpackLike(compiler, outDir, entry)
  },

  async rspack({ root, options, outDir }) {
    const { rspack } = await import('@rspack/core')
    const entry = path.join(outDir, 'main.cjs')
    const compiler = rspack({
      mode: 'production',
      context: root,
      entry: './src/main.ts',
      target: 'node20',
      devtool: false,
      output: { path: outDir, filename: 'main.cjs', clean: true },
      optimization: { minimize: false },
      ...rspackTypeScript,
      plugins: [rspackToolRegistry(options)],
      infrastructureLogging: { level: 'none' },
    })
    return runWebpackLike(compiler, outDir, entry)
  },
}

interface WebpackLikeStats {
  hasErrors(): boolean
  compilation: { errors: { message: string }[]; warnings: { message: string }[] }
}
interface WebpackLikeCompiler {
  run(callback: (error: Error | null, stats?: WebpackLikeStats) => void): void
  close(callback: (error?: Error | null) => void): void
}

function runWebpackLike(compiler: WebpackLikeCompiler, outDir: string, entry: string): Promise<BuildOutcome> {
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) return reject(error)
        if (!stats) return reject(new Error('no stats'))
        const { errors, warnings } = stats.compilation
        resolve({
          ok: !stats.hasErrors(),
          error: errors.map(e => e.message).join('\n'),
          warnings: warnings.map(w => w.message),
          outDir,
          entry,
        })
      })
    })
  })
}

// ---------------------------------------------------------------------------
// Running a bundle and what the fixture must hold

interface Report {
  names: string[]
  toolsets: string[]
  sources: Record<string, string | null>
  toolNames: string[]
  manifestFiles: string[]
  loadErrors: unknown[]
}

async function runBundle(entry: string): Promise<Report> {
  const { code, stdout, stderr } = await run(process.execPath, [entry], process.cwd())
  const line = stdout.split('\n').find(l => l.startsWith('TOOLREG_REPORT '))
  if (code !== 0 || !line) throw new Error(`node ${entry} exited ${code}\n${stdout}\n${stderr}`)
  return JSON.parse(line.slice('TOOLREG_REPORT '.length)) as Report
}

/** Where `nth` register call of `file` starts, as `file:line:column` (1-based), read from the fixture itself. */
async function registerSite(
  root: string,
  file: string,
  nth: number,
): Promise<{ file: string; line: number; column: number }> {
  const lines = (await readFile(path.join(root, file), 'utf8')).split('\n')
  const sites: { line: number; column: number }[] = []
  lines.forEach((text, i) => {
    const match = /[\w$.]+\.register\(/.exec(text)
    if (match) sites.push({ line: i + 1, column: match.index + 1 })
  })
  const site = sites[nth]
  if (!site) throw new Error(`no register call #${nth} in ${file}`)
  return { file, ...site }
}

/** Where `needle` first occurs in `file`, 1-based. */
async function textSite(root: string, file: string, needle: string): Promise<{ line: number; column: number }> {
  const lines = (await readFile(path.join(root, file), 'utf8')).split('\n')
  const line = lines.findIndex(l => l.includes(needle))
  if (line < 0) throw new Error(`${needle} not in ${file}`)
  return { line: line + 1, column: lines[line]!.indexOf(needle) + 1 }
}

const APP_TOOLS = [
  { name: 'add', toolset: 'math', file: 'tools/math.ts', nth: 0 },
  { name: 'fetch_page', toolset: 'web', file: 'tools/fetch_page.ts', nth: 0 },
  { name: 'get_forecast', toolset: 'weather', file: 'vendor/weather/tools/forecast.ts', nth: 0 },
  { name: 'multiply', toolset: 'math', file: 'tools/math.ts', nth: 1 },
  { name: 'web_search', toolset: 'web', file: 'tools/web_search.ts', nth: 0 },
]
const APP_NAMES = APP_TOOLS.map(t => t.name).sort()
const APP_FILES = [...new Set(APP_TOOLS.map(t => t.file))].sort()

async function expectedSources(): Promise<Record<string, string>> {
  const entries = await Promise.all(
    APP_TOOLS.map(async t => {
      const site = await registerSite(APP, t.file, t.nth)
      return [t.name, `${site.file}:${site.line}:${site.column}`] as const
    }),
  )
  return Object.fromEntries(entries)
}

async function expectAppBundle(outcome: BuildOutcome) {
  expect(outcome.error).toBe('')
  expect(outcome.ok).toBe(true)
  const report = await runBundle(outcome.entry)
  expect(report.names).toEqual(APP_NAMES)
  expect(report.toolsets).toEqual(['math', 'weather', 'web'])
  expect(report.toolNames).toEqual(APP_NAMES)
  expect(report.sources).toEqual(await expectedSources())
  expect(report.loadErrors).toEqual([])
}

async function expectAppManifest(outDir: string) {
  const manifest = JSON.parse(await readFile(path.join(outDir, 'tool-manifest.json'), 'utf8')) as {
    version: number
    tools: { name: string | null; toolset: string | null; file: string; line: number; column: number }[]
    files: string[]
  }
  expect(manifest.version).toBe(1)
  const expected = await Promise.all(
    APP_TOOLS.map(async t => ({ name: t.name, toolset: t.toolset, ...(await registerSite(APP, t.file, t.nth)) })),
  )
  const byName = (a: { name: string | null }, b: { name: string | null }) =>
    String(a.name).localeCompare(String(b.name))
  expect([...manifest.tools].sort(byName)).toEqual(expected.sort(byName))
  expect(manifest.files).toEqual(expect.arrayContaining(APP_FILES))
}

/** The collision error: one `file:line:column - error TR001` head at the later site, both files and the frame. */
async function expectCollisionError(outcome: BuildOutcome) {
  expect(outcome.ok).toBe(false)
  const docs = await registerSite(COLLISION, 'tools/docs.ts', 0)
  const search = await registerSite(COLLISION, 'tools/search.ts', 0)
  // Path order: tools/docs.ts < tools/search.ts, so the diagnostic sits at search.ts.
  expect(outcome.error).toContain(`tools/search.ts:${search.line}:${search.column} - error TR001`)
  expect(outcome.error).toContain(`tools/docs.ts:${docs.line}`)
  expect(outcome.error).toMatch(/search/)
  expect(outcome.error).toContain('registry.register({')
}

// ---------------------------------------------------------------------------

let tmp: string
const outDir = (name: string) => path.join(tmp, name)

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'toolreg-bundlers-'))
})
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true })
})

describe.each(BUNDLERS)('%s', bundler => {
  const build = builders[bundler]
  let app: BuildOutcome

  beforeAll(async () => {
    app = await build({ root: APP, options: APP_OPTIONS, outDir: outDir(`${bundler}-app`) })
  })

  it('builds the fixture app; the bundle registers exactly its tools with their source', async () => {
    await expectAppBundle(app)
  })

  // Vite's build here is a client build (`build.lib`): it publishes no manifest unless the
  // user names the file (test/manifest-outputs.test.ts; test/vite-ssr.test.ts for SSR).
  it('emits tool-manifest.json as a build asset', async () => {
    expect(app.ok).toBe(true)
    if (bundler === 'vite') expect(existsSync(path.join(app.outDir, 'tool-manifest.json'))).toBe(false)
    else await expectAppManifest(app.outDir)
  })

  it('fails on the collision fixture with TR001 naming both files', async () => {
    const outcome = await build({ root: COLLISION, options: { dts: false }, outDir: outDir(`${bundler}-collision`) })
    await expectCollisionError(outcome)
  })

  it('passes a TR002 warning to the bundler with its location and frame', async () => {
    const outcome = await build({ root: DYNAMIC, options: { dts: false }, outDir: outDir(`${bundler}-dynamic`) })
    expect(outcome.error).toBe('')
    expect(outcome.ok).toBe(true)
    // TR002 points at the dynamic name.
    const site = await textSite(DYNAMIC, 'tools/greetings.ts', '`greet_')
    const warning = outcome.warnings.find(w => w.includes('TR002'))
    expect(warning, outcome.warnings.join('\n---\n')).toBeDefined()
    expect(warning).toContain(`tools/greetings.ts:${site.line}:${site.column} - warning TR002`)
    expect(warning).toContain('name: `greet_${lang}`,')
    const report = await runBundle(outcome.entry)
    expect(report.names).toEqual(['echo', 'greet_en', 'greet_fr'])
    expect(report.toolNames).toEqual(['echo'])
  })

  it('strict: the same TR002 fails the build', async () => {
    const outcome = await build({
      root: DYNAMIC,
      options: { dts: false, strict: true },
      outDir: outDir(`${bundler}-strict`),
    })
    expect(outcome.ok).toBe(false)
    const site = await textSite(DYNAMIC, 'tools/greetings.ts', '`greet_')
    expect(outcome.error).toContain(`tools/greetings.ts:${site.line}:${site.column} - error TR002`)
    expect(outcome.error).toContain('name: `greet_${lang}`,')
  })

  if (bundler === 'vite' || bundler === 'rollup' || bundler === 'rolldown') {
    it('keeps every tool with treeshake.moduleSideEffects: false', async () => {
      const outcome = await build({
        root: APP,
        options: APP_OPTIONS,
        outDir: outDir(`${bundler}-no-side-effects`),
        noModuleSideEffects: true,
      })
      await expectAppBundle(outcome)
    })
  }
})

/** Run a bundler's real CLI in the collision fixture; resolves with its exit code and output. */
function runCli(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: COLLISION,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', chunk => (output += chunk))
    child.stderr.on('data', chunk => (output += chunk))
    child.on('error', reject)
    child.on('close', code => resolve({ code, output }))
  })
}

const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`))

describe('CLIs on the collision fixture', () => {
  it('vite build exits non-zero and prints TR001 with both files', async () => {
    const vite = path.join(packageDir('vite'), 'bin/vite.js')
    const { code, output } = await runCli([vite, 'build', '--outDir', outDir('vite-cli-collision'), '--emptyOutDir'])
    expect(code, output).not.toBe(0)
    await expectCollisionError({ ok: false, error: output, warnings: [], outDir: '', entry: '' })
  })

  it('rollup -c exits non-zero and prints TR001 with both files', async () => {
    const rollup = path.join(packageDir('rollup'), 'dist/bin/rollup')
    const { code, output } = await runCli([rollup, '-c', '--dir', outDir('rollup-cli-collision')])
    expect(code, output).not.toBe(0)
    await expectCollisionError({ ok: false, error: output, warnings: [], outDir: '', entry: '' })
  })
})

describe('dts and manifest options', () => {
  it('writes the declaration file for virtual:tool-registry, only when its content changes', async () => {
    const dts = path.join(tmp, 'dts', 'tool-registry.d.ts')
    const first = await builders.rolldown({ root: APP, options: { ...APP_OPTIONS, dts }, outDir: outDir('dts-1') })
    expect(first.ok).toBe(true)
    const text = await readFile(dts, 'utf8')
    expect(text).toMatch(/declare module ['"]virtual:tool-registry['"]/)
    for (const name of APP_NAMES) expect(text).toMatch(new RegExp(`['"]${name}['"]`))

    // Same tools: the file is left alone (its old mtime survives the build).
    const old = new Date('2001-01-01T00:00:00Z')
    await utimes(dts, old, old)
    const second = await builders.rolldown({ root: APP, options: { ...APP_OPTIONS, dts }, outDir: outDir('dts-2') })
    expect(second.ok).toBe(true)
    expect((await stat(dts)).mtime.getTime()).toBe(old.getTime())

    // Fewer tools: rewritten.
    const third = await builders.rolldown({ root: APP, options: { dirs: ['tools'], dts }, outDir: outDir('dts-3') })
    expect(third.ok).toBe(true)
    const rewritten = await readFile(dts, 'utf8')
    expect(rewritten).not.toMatch(/['"]get_forecast['"]/)
    expect(rewritten).toMatch(/['"]web_search['"]/)
  })

  it('manifest: false emits no asset', async () => {
    const outcome = await builders.rolldown({
      root: APP,
      options: { ...APP_OPTIONS, manifest: false },
      outDir: outDir('no-manifest'),
    })
    expect(outcome.ok).toBe(true)
    expect((await readdir(outcome.outDir)).sort()).toEqual(['main.mjs'])
  })

  it('esbuild with write: false gets the manifest in outputFiles', async () => {
    const esbuild = await import('esbuild')
    const out = outDir('esbuild-memory')
    const result = await esbuild.build({
      absWorkingDir: APP,
      entryPoints: ['src/main.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outdir: out,
      write: false,
      logLevel: 'silent',
      plugins: [esbuildToolRegistry(APP_OPTIONS)],
    })
    const manifest = result.outputFiles.find(f => f.path === path.join(out, 'tool-manifest.json'))
    expect(manifest, result.outputFiles.map(f => f.path).join('\n')).toBeDefined()
    const parsed = JSON.parse(manifest!.text) as { tools: { name: string }[] }
    expect(parsed.tools.map(t => t.name).sort()).toEqual(APP_NAMES)
    await expect(stat(out)).rejects.toThrow()
  })
})

// ---------------------------------------------------------------------------
// Issue 11: what the scan promises, each bundler's bundle does. No tool module is
// rewritten (a parenthesized or `as`-wrapped spec stays valid), file names with `?`, `#`
// and `\` are imported exactly, a symlinked sibling is one module.

const ODD_FILES: Record<string, string> = {
  'paren.ts':
    [
      "import { registry, type ToolSpec } from '@toolreg/core'",
      "registry.register(({ name: 'paren_tool', toolset: 'odd', schema: {}, handler: () => 'paren' } as ToolSpec))",
      "registry.register(({ name: 'satisfies_tool', toolset: 'odd', schema: {}, handler: () => 'satisfies' }) satisfies ToolSpec)",
      "registry.register({ name: 'bang_tool', toolset: 'odd', schema: {}, handler: () => 'bang' }!)",
    ].join('\n') + '\n',
  'a?b.ts':
    "import { registry } from '@toolreg/core'\nregistry.register({ name: 'question_tool', toolset: 'odd', schema: {}, handler: () => 'a?b' })\n",
  'c#d.ts':
    "import { registry } from '@toolreg/core'\nregistry.register({ name: 'hash_tool', toolset: 'odd', schema: {}, handler: () => 'c#d' })\n",
  'e\\f.ts':
    "import { registry } from '@toolreg/core'\nregistry.register({ name: 'backslash_tool', toolset: 'odd', schema: {}, handler: () => 'e\\\\f' })\n",
  // A decoy: `a` is what a bundler reading `?b.ts` as a query would import.
  'a.ts':
    "import { registry } from '@toolreg/core'\nregistry.register({ name: 'decoy_a', toolset: 'odd', schema: {}, handler: () => 'a' })\n",
}
// Tool → [file, name of the tool, what the file holds that a bundler may misread].
const ODD_TOOLS = [
  ['tools/a?b.ts', 'question_tool', '?'],
  ['tools/c#d.ts', 'hash_tool', '#'],
  ['tools/e\\f.ts', 'backslash_tool', '\\'],
] as const
/** What each bundler cannot import exactly: webpack and Rspack read `?` as a query (Rspack also refuses `\`). */
const UNIMPORTABLE: Record<Bundler, string[]> = {
  vite: [],
  rollup: [],
  rolldown: [],
  esbuild: [],
  webpack: ['?'],
  rspack: ['?', '\\'],
}

async function oddApp(leaveOut: readonly string[] = []): Promise<string> {
  const root = await mkdtemp(path.join(tmp, 'odd-'))
  await mkdir(path.join(root, 'tools'), { recursive: true })
  await mkdir(path.join(root, 'src'), { recursive: true })
  await mkdir(path.join(root, 'node_modules/@toolreg'), { recursive: true })
  await symlink(
    path.resolve(import.meta.dirname, '../packages/core'),
    path.join(root, 'node_modules/@toolreg/core'),
    'dir',
  )
  await writeFile(path.join(root, 'src/main.ts'), await readFile(path.join(APP, 'src/main.ts'), 'utf8'))
  for (const [name, code] of Object.entries(ODD_FILES)) {
    if (!leaveOut.some(c => name.includes(c))) await writeFile(path.join(root, 'tools', name), code)
  }
  // A symlink to a sibling tool file: one module, imported once under its first path.
  await symlink('paren.ts', path.join(root, 'tools/z-link.ts'))
  return root
}

describe.each(BUNDLERS)('%s: issue 11', bundler => {
  const unimportable = UNIMPORTABLE[bundler]
  const odd = ODD_TOOLS.filter(([, , c]) => !unimportable.includes(c))

  it(`builds and runs a parenthesized/as-wrapped spec, a symlinked sibling and files named with ${odd.map(([, , c]) => c).join(' ')}`, async () => {
    const root = await oddApp(unimportable)
    const outcome = await builders[bundler]({ root, options: { dts: false }, outDir: outDir(`${bundler}-odd`) })
    expect(outcome.error).toBe('')
    expect(outcome.ok).toBe(true)
    // TR008 for each odd name, no TR001 of the symlink with itself.
    expect(outcome.warnings.filter(w => w.includes('TR008'))).toHaveLength(odd.length)
    expect(outcome.warnings.join('\n')).not.toContain('TR001')
    const report = await runBundle(outcome.entry)
    const names = ['bang_tool', 'decoy_a', 'paren_tool', 'satisfies_tool', ...odd.map(([, name]) => name)].sort()
    expect(report.names).toEqual(names)
    expect(report.toolNames).toEqual(names)
    expect(report.sources).toEqual({
      bang_tool: 'tools/paren.ts:4:1',
      decoy_a: 'tools/a.ts:2:1',
      paren_tool: 'tools/paren.ts:2:1',
      satisfies_tool: 'tools/paren.ts:3:1',
      ...Object.fromEntries(odd.map(([file, name]) => [name, `${file}:2:1`])),
    })
    expect(report.manifestFiles).toEqual(['tools/a.ts', ...odd.map(([file]) => file), 'tools/paren.ts'].sort())
  })

  if (unimportable.length > 0) {
    it(`fails with a TR008 error naming each file it cannot import (${unimportable.join(' ')})`, async () => {
      const root = await oddApp()
      const outcome = await builders[bundler]({ root, options: { dts: false }, outDir: outDir(`${bundler}-odd-error`) })
      expect(outcome.ok).toBe(false)
      for (const [file, , c] of ODD_TOOLS) {
        if (unimportable.includes(c))
          expect(outcome.error).toContain(
            `${file} - error TR008: ${bundler === 'rspack' ? 'Rspack' : 'webpack'} cannot import the tool file ${file}`,
          )
      }
      expect(outcome.error).not.toContain('Module not found')
    })
  }
})

// ---------------------------------------------------------------------------
// verify: each tool module's run-time names against its scan, TR009 through the logger.

async function verifyApp(): Promise<string> {
  const root = await mkdtemp(path.join(tmp, 'verify-'))
  await mkdir(path.join(root, 'tools'), { recursive: true })
  await mkdir(path.join(root, 'src'), { recursive: true })
  await mkdir(path.join(root, 'node_modules/@toolreg'), { recursive: true })
  await symlink(
    path.resolve(import.meta.dirname, '../packages/core'),
    path.join(root, 'node_modules/@toolreg/core'),
    'dir',
  )
  await writeFile(path.join(root, 'src/main.ts'), await readFile(path.join(APP, 'src/main.ts'), 'utf8'))
  await writeFile(
    path.join(root, 'tools/good.ts'),
    "import { registry } from '@toolreg/core'\nregistry.register({ name: 'good', toolset: 'v', schema: {}, handler: () => 'ok' })\n",
  )
  // The scan takes any `registry` for the registry: this one registers nothing.
  await writeFile(
    path.join(root, 'tools/liar.ts'),
    [
      "import { registry as real } from '@toolreg/core'",
      'const registry = { register(_spec: unknown) {} }',
      "registry.register({ name: 'phantom', toolset: 'v', schema: {}, handler: () => 'no' })",
      "real.register({ name: 'liar_real', toolset: 'v', schema: {}, handler: () => 'ok' })",
    ].join('\n') + '\n',
  )
  return root
}

describe.each(BUNDLERS)('%s: verify', bundler => {
  it('verify: true logs TR009 for a module whose run-time names differ from its scan; off by default in builds', async () => {
    const root = await verifyApp()
    for (const verify of [true, false]) {
      const outcome = await builders[bundler]({
        root,
        options: { dts: false, verify },
        outDir: outDir(`${bundler}-verify-${verify}`),
      })
      expect(outcome.error).toBe('')
      const child = await run(process.execPath, [outcome.entry], process.cwd())
      expect(child.code, child.stderr).toBe(0)
      const tr009 = child.stderr.split('\n').filter(l => l.includes('TR009'))
      expect(tr009).toEqual(
        verify
          ? ['toolreg: TR009 tools/liar.ts registered [liar_real] at run time, its scan found [liar_real, phantom]']
          : [],
      )
      expect(
        JSON.parse(
          child.stdout
            .split('\n')
            .find(l => l.startsWith('TOOLREG_REPORT '))!
            .slice(15),
        ).names,
      ).toEqual(['good', 'liar_real'])
    }
  })
})
