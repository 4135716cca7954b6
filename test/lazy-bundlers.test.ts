// `lazy: true` in real builds with every bundler: the initial chunk holds no lazy handler,
// a dispatch loads exactly its module's chunk (observed in a fresh Node process through
// module hooks or require.cache), two concurrent first calls share one load, a failed
// chunk load answers with the [TOOL_ERROR] envelope and a later call succeeds, and a file
// whose schema is not static loads eagerly with a warning saying why. The search index of
// the lazy tools' static definitions is a chunk of its own, loaded by the first search.
import { nodeReport } from './helpers/run.js'
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ToolRegistryOptions } from '@toolreg/plugin'
import viteToolRegistry from '@toolreg/plugin/vite'
import rollupToolRegistry from '@toolreg/plugin/rollup'
import rolldownToolRegistry from '@toolreg/plugin/rolldown'
import esbuildToolRegistry from '@toolreg/plugin/esbuild'
import webpackToolRegistry from '@toolreg/plugin/webpack'
import rspackToolRegistry from '@toolreg/plugin/rspack'
import { rspackTypeScript } from './helpers/rspack.js'

const ROOT = path.resolve(import.meta.dirname, 'fixtures/build-lazy')
const RUNNER = path.resolve(import.meta.dirname, 'helpers/lazy-runner.mjs')
const OPTIONS: ToolRegistryOptions = { lazy: true, dts: false, manifest: false }
const require = createRequire(import.meta.url)

type Bundler = 'vite' | 'rollup' | 'rolldown' | 'esbuild' | 'webpack' | 'rspack'
interface Built {
  entry: string
  warnings: string[]
}

const ESM_PACKAGE = JSON.stringify({ type: 'module' })

const builders: Record<Bundler, (outDir: string) => Promise<Built>> = {
  async vite(outDir) {
    const { build, createLogger } = await import('vite')
    const warnings: string[] = []
    const logger = createLogger('warn')
    logger.warn = msg => void warnings.push(msg)
    logger.warnOnce = msg => void warnings.push(msg)
    await build({
      root: ROOT,
      configFile: false,
      customLogger: logger,
      plugins: [viteToolRegistry(OPTIONS)],
      build: {
        outDir,
        emptyOutDir: true,
        minify: false,
        lib: { entry: 'src/main.ts', formats: ['es'], fileName: () => 'main.js' },
      },
    })
    return { entry: path.join(outDir, 'main.js'), warnings }
  },
  async rollup(outDir) {
    const { rollup } = await import('rollup')
    const { default: esbuild } = await import('rollup-plugin-esbuild')
    const warnings: string[] = []
    const resolveWorkspace = {
      name: 'resolve-workspace',
      resolveId: (id: string) => (id === '@toolreg/core' ? require.resolve('@toolreg/core') : null),
    }
    const bundle = await rollup({
      input: path.join(ROOT, 'src/main.ts'),
      plugins: [rollupToolRegistry({ root: ROOT, ...OPTIONS }), resolveWorkspace, esbuild({ target: 'es2022' })],
      onwarn: warning => void warnings.push(warning.message),
    })
    await bundle.write({ dir: outDir, format: 'es', entryFileNames: 'main.js' })
    await bundle.close()
    return { entry: path.join(outDir, 'main.js'), warnings }
  },
  async rolldown(outDir) {
    const { rolldown } = await import('rolldown')
    const warnings: string[] = []
    const bundle = await rolldown({
      input: path.join(ROOT, 'src/main.ts'),
      cwd: ROOT,
      plugins: [rolldownToolRegistry(OPTIONS)],
      onwarn: warning => void warnings.push(warning.message),
    })
    await bundle.write({ dir: outDir, format: 'es', entryFileNames: 'main.js' })
    await bundle.close()
    return { entry: path.join(outDir, 'main.js'), warnings }
  },
  async esbuild(outDir) {
    const esbuild = await import('esbuild')
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: { main: 'src/main.ts' },
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      outdir: outDir,
      logLevel: 'silent',
      plugins: [esbuildToolRegistry(OPTIONS)],
    })
    return { entry: path.join(outDir, 'main.js'), warnings: result.warnings.map(w => w.text) }
  },
  async webpack(outDir) {
    const { default: webpack } = await import('webpack')
    return runWebpackLike(
      webpack({
        mode: 'production',
        context: ROOT,
        entry: './src/main.ts',
        target: 'node20',
        devtool: false,
        output: { path: outDir, filename: 'main.cjs', chunkFilename: '[name].[id].cjs', clean: true },
        optimization: { minimize: false },
        resolve: { extensions: ['.ts', '.js'] },
        module: { rules: [{ test: /\.ts$/, loader: 'esbuild-loader', options: { target: 'es2022' } }] },
        plugins: [webpackToolRegistry(OPTIONS)],
        infrastructureLogging: { level: 'none' },
      }),
      path.join(outDir, 'main.cjs'),
    )
  },
  async rspack(outDir) {
    const { rspack } = await import('@rspack/core')
    return runWebpackLike(
      rspack({
        mode: 'production',
        context: ROOT,
        entry: './src/main.ts',
        target: 'node20',
        devtool: false,
        output: { path: outDir, filename: 'main.cjs', chunkFilename: '[name].[id].cjs', clean: true },
        optimization: { minimize: false },
        ...rspackTypeScript,
        plugins: [rspackToolRegistry(OPTIONS)],
        infrastructureLogging: { level: 'none' },
      }),
      path.join(outDir, 'main.cjs'),
    )
  },
}

interface WebpackLikeCompiler {
  run(
    callback: (
      error: Error | null,
      stats?: { hasErrors(): boolean; compilation: { errors: { message: string }[]; warnings: { message: string }[] } },
    ) => void,
  ): void
  close(callback: (error?: Error | null) => void): void
}
function runWebpackLike(compiler: WebpackLikeCompiler, entry: string): Promise<Built> {
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) =>
      compiler.close(() => {
        if (error || !stats) return reject(error ?? new Error('no stats'))
        if (stats.hasErrors()) return reject(new Error(stats.compilation.errors.map(e => e.message).join('\n')))
        resolve({ entry, warnings: stats.compilation.warnings.map(w => w.message) })
      }),
    )
  })
}

interface RunReport {
  atStart: string[]
  names: string[]
  toolNames: string[]
  pending: Record<string, boolean>
  definitions: { name: string; description?: string; parameters?: unknown }[]
  concurrent: string[]
  alphaLoaded: string[]
  alphaEvents: string[]
  failed: string
  retried: string
  second: string
  betaLoaded: string[]
  betaEvents: string[]
  eager: string
  search: string[]
  searchLoaded: string[]
  searchDebug: string[]
}

function runLazy(entry: string, outDir: string, betaChunk: string): Promise<RunReport> {
  return nodeReport<RunReport>(RUNNER, [entry, outDir, betaChunk], 'TOOLREG_LAZY')
}

/** Output JS files (relative) and their text. */
async function outputs(outDir: string): Promise<Map<string, string>> {
  const files = (await readdir(outDir, { recursive: true })).filter(f => /\.(?:c|m)?js$/.test(f))
  return new Map(await Promise.all(files.map(async f => [f, await readFile(path.join(outDir, f), 'utf8')] as const)))
}

const holding = (files: Map<string, string>, marker: string | RegExp) =>
  [...files]
    .filter(([, text]) => (typeof marker === 'string' ? text.includes(marker) : marker.test(text)))
    .map(([f]) => f)
/** The start of the index's JSON text (`["search\`N",[`, its quotes escaped or not by the bundler). */
const SEARCH_INDEX = /search`\d+\\?",\[/

let work: string
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'toolreg-lazy-'))
})
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true })
})

describe.each(Object.keys(builders) as Bundler[])('lazy: true with %s', bundler => {
  let built: Built
  let files: Map<string, string>
  let outDir: string

  beforeAll(async () => {
    outDir = path.join(work, bundler)
    built = await builders[bundler](outDir)
    // ESM chunks are plain .js files: tell Node they are modules.
    if (!built.entry.endsWith('.cjs')) await writeFile(path.join(outDir, 'package.json'), ESM_PACKAGE)
    files = await outputs(outDir)
  }, 120_000)

  it('splits each lazy module into its own chunk; the initial chunk holds no lazy handler', () => {
    const entry = path.relative(outDir, built.entry)
    const initial = files.get(entry)!
    expect(initial).toBeDefined()
    expect(initial).not.toContain('HANDLER_ALPHA_MARK')
    expect(initial).not.toContain('HANDLER_BETA_MARK')
    const alpha = holding(files, 'HANDLER_ALPHA_MARK')
    const beta = holding(files, 'HANDLER_BETA_MARK')
    expect(alpha).toHaveLength(1)
    expect(beta).toHaveLength(1)
    expect(alpha[0]).not.toBe(beta[0])
    expect(alpha[0]).not.toBe(entry)
    // The eager module is reachable from the entry without a dynamic import.
    expect(holding(files, 'HANDLER_EAGER_MARK')).not.toContain(alpha[0])
  })

  it('warns that the file whose schema is not static loads eagerly, and why', () => {
    const warning = built.warnings.find(w => w.includes('loaded eagerly'))
    expect(warning).toBeDefined()
    expect(warning).toContain('tools/eager.ts')
    expect(warning).toContain('schema is not static')
    expect(built.warnings.filter(w => w.includes('loaded eagerly'))).toHaveLength(1)
  })

  it('runs: definitions first, one chunk per first call (shared by concurrent calls), retry after a failed load', async () => {
    const alphaChunk = holding(files, 'HANDLER_ALPHA_MARK')[0]!
    const betaChunk = holding(files, 'HANDLER_BETA_MARK')[0]!
    const report = await runLazy(built.entry, outDir, path.join(outDir, betaChunk))
    expect(report.names).toEqual(['alpha', 'beta_one', 'beta_two', 'eager_tool'])
    expect(report.toolNames).toEqual(['alpha', 'beta_one', 'beta_two', 'eager_tool'])
    expect(report.pending).toEqual({ alpha: true, beta_one: true, beta_two: true, eager_tool: false })
    expect(report.atStart).not.toContain(alphaChunk)
    expect(report.atStart).not.toContain(betaChunk)
    expect(report.definitions.find(d => d.name === 'alpha')).toEqual({
      name: 'alpha',
      description: 'Echo a number back',
      parameters: {
        type: 'object',
        properties: { x: { type: 'integer', description: 'A number to echo', minimum: -10 } },
        required: ['x'],
      },
    })
    expect(report.concurrent).toEqual(['HANDLER_ALPHA_MARK 1', 'HANDLER_ALPHA_MARK 2'])
    expect(report.alphaLoaded).toEqual([alphaChunk])
    // The module registered the real tool once: one import for both calls.
    expect(report.alphaEvents).toEqual(['register:alpha'])
    expect(report.failed).toMatch(/^\{"error":"\[TOOL_ERROR\] Tool execution failed: /)
    expect(report.retried).toBe('HANDLER_BETA_MARK one')
    expect(report.second).toBe('HANDLER_BETA_MARK two')
    expect(report.betaLoaded).toEqual([betaChunk])
    expect(report.betaEvents).toEqual(['register:beta_one', 'register:beta_two'])
    expect(report.eager).toBe('HANDLER_EAGER_MARK')
    // The first search loads the index chunk, and uses the documents of the three lazy tools.
    const index = holding(files, SEARCH_INDEX)
    expect(report.atStart).not.toContain(index[0])
    expect(report.search).toEqual(['alpha'])
    expect(report.searchLoaded).toEqual(index)
    expect(report.searchDebug).toEqual([
      "toolreg: search index: 3 of 4 tools from the build's index, the others tokenized",
    ])
  }, 60_000)

  it('puts the search index in a chunk of its own', () => {
    const index = holding(files, SEARCH_INDEX)
    expect(index).toHaveLength(1)
    expect(index[0]).not.toBe(path.relative(outDir, built.entry))
    expect(files.get(index[0]!)).not.toContain('HANDLER_')
  })
})
