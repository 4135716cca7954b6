// webpack, Rspack, esbuild, Bun and Farm through unplugin (Vite, Rollup and Rolldown get
// native plugins from ../rollup-like/hooks.ts; Rsbuild gets the Rspack one, ../rsbuild.ts). Hook
// wiring only: every behaviour lives in the context (../context.ts). What differs per
// bundler is how a diagnostic reaches the user, how a tool file is kept alive despite
// tree-shaking, and how its name reaches the bundler intact. No hook rewrites a tool module.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createUnplugin, type UnpluginBuildContext } from 'unplugin'
import type { PluginBuild, PartialMessage } from 'esbuild'
import type { Compilation as WebpackCompilation, Compiler as WebpackCompiler } from 'webpack'
import type { Compiler as RspackCompiler } from '@rspack/core'
import {
  createToolRegistryContext,
  isVirtualModuleId,
  PLUGIN_NAME,
  RESOLVED_VIRTUAL_MODULE_ID,
  VIRTUAL_ID_FILTER,
  VIRTUAL_MODULE_ID,
} from '../context.js'
import type { ToolRegistryContext } from '../context.js'
import { farmHooks } from './farm.js'
import { pruneCode } from '../../codegen/prune.js'
import { type RequestSyntax, unimportableReason } from '../../scan/file-names.js'
import type { Diagnostic, ScanResult, ToolRegistryOptions } from '../../types.js'

export const toolRegistry = createUnplugin<ToolRegistryOptions | undefined, false>(userOptions => {
  const ctx = createToolRegistryContext(userOptions)
  const farm = farmHooks(ctx)
  // webpack and Rspack read `?` and `#` in a request as query and fragment unless escaped.
  let syntax: RequestSyntax = 'path'
  // webpack, Rspack and esbuild report through their own hooks (below); Bun and Farm
  // through buildStart (Farm's dev rebuilds: ./farm.ts).
  let reportsItself = false

  return {
    name: PLUGIN_NAME,
    enforce: 'pre',
    resolveId(id) {
      if (!VIRTUAL_ID_FILTER.test(id)) return null
      const resolved = ctx.resolveVirtual(id)
      return typeof resolved === 'object' && resolved !== null ? resolved.id : resolved
    },
    async buildStart() {
      if (reportsItself) return
      const errors: string[] = []
      // unplugin's build context has no `warn` for these adapters (Bun's has none at all).
      const own = (this as { warn?: (message: string) => void }).warn
      ctx.reportTo(await ctx.scan(), {
        warn: message => (typeof own === 'function' ? own.call(this, message) : console.warn(message)),
        error: message => void errors.push(message),
      })
      // Thrown, not `this.error`: Bun's and Farm's contexts have none, and a throw fails every build.
      if (errors.length > 0) throw new Error(errors.join('\n'))
    },
    loadInclude: id => VIRTUAL_ID_FILTER.test(id),
    async load(id) {
      const result = await ctx.currentScan()
      const watching = dependOnToolSet(this, ctx, result)
      if (isVirtualModuleId(id)) {
        const code = ctx.buildModule(result, syntax)
        // Farm's dev rebuild checks that Farm loaded the latest one (./farm.ts).
        farm.served(code)
        // A dev server (webpack-dev-server, `next dev --webpack`) keeps the registry across rebuilds.
        return watching ? code + pruneCode(result, VIRTUAL_MODULE_ID) : code
      }
      return (await ctx.loadCompanion(id, result)) ?? null
    },
    watchChange(id) {
      ctx.invalidate(id)
    },
    webpack: compiler => {
      syntax = 'webpack'
      reportsItself = true
      applyWebpackLike(ctx, compiler, 'webpack', 'webpack')
    },
    rspack: compiler => {
      syntax = 'rspack'
      reportsItself = true
      applyWebpackLike(ctx, compiler, 'rspack', 'Rspack')
    },
    farm: farm.hooks,
    esbuild: {
      setup: build => {
        reportsItself = true
        return setupEsbuild(ctx, build)
      },
    },
    // Only `Bun.build` gets here (`Bun.plugin()` is ../bun.ts's own): it writes the manifest.
    bun: { setup: build => setupBunAssets(ctx, build as unknown as BunBuilder) },
  }
})

// ---------------------------------------------------------------------------
// webpack, Rspack

/**
 * webpack and Rspack rebuild a module only when one of its own dependencies changed: the
 * compilation's context dependencies (see reportToWebpack) start a rebuild when a tool file is
 * added, renamed or deleted, but the virtual module would keep its old text. So the virtual
 * module and its companions depend on the tool dirs (any entry added or removed) and on each
 * tool file (a name edited in place), through the loader's public API. True when the compiler
 * watches (`compiler.watchMode`).
 */
function dependOnToolSet(build: UnpluginBuildContext, ctx: ToolRegistryContext, result: ScanResult): boolean {
  const native = build.getNativeBuildContext?.()
  if (native?.framework !== 'webpack' && native?.framework !== 'rspack') return false
  const loader = native.loaderContext
  if (!loader) return false
  for (const dir of ctx.toolDirs()) loader.addContextDependency(dir)
  for (const file of result.files) loader.addDependency(file.absPath)
  return native.compiler.watchMode === true
}

type WebpackLikeCompiler = WebpackCompiler | RspackCompiler

function applyWebpackLike(
  ctx: ToolRegistryContext,
  compiler: WebpackLikeCompiler,
  syntax: RequestSyntax,
  bundler: string,
) {
  if (compiler.context) ctx.setBundlerRoot(compiler.context)
  // Unlike Rollup, webpack reads `"sideEffects": false` from package.json and would drop
  // a tool module whose namespace the registry module never reads: a rule overrides it.
  compiler.options.module.rules.push({
    test: (file: string) => ctx.isToolFile(file) || VIRTUAL_ID_FILTER.test(file),
    sideEffects: true,
  })

  const wp = compiler as WebpackCompiler
  // webpack reads `virtual:…` as a URL scheme and never asks the resolver plugins:
  // hand it the `\0` id instead, which unplugin's resolver maps to its virtual file.
  wp.hooks.normalModuleFactory.tap(PLUGIN_NAME, factory => {
    factory.hooks.beforeResolve.tap(PLUGIN_NAME, data => {
      if (data.request === VIRTUAL_MODULE_ID || data.request.startsWith(VIRTUAL_MODULE_ID + ':'))
        data.request = '\0' + data.request
    })
  })
  wp.hooks.thisCompilation.tap(PLUGIN_NAME, compilation => {
    const sources = wp.webpack.sources
    compilation.hooks.processAssets.tapPromise(
      { name: PLUGIN_NAME, stage: wp.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
      async () => {
        for (const asset of await ctx.buildAssets(await ctx.currentScan(), browserTarget(wp) ? 'public' : 'server'))
          compilation.emitAsset(asset.fileName, new sources.RawSource(asset.source))
      },
    )
  })
  // `make` runs in parallel with the entries: the virtual module's `load` awaits this scan.
  wp.hooks.make.tapPromise(PLUGIN_NAME, async compilation => {
    const result = await ctx.scan()
    reportToWebpack(ctx, wp, compilation, unimportableAsErrors(result, syntax, bundler))
  })
}

/**
 * A compiler for the browser (`target: 'web'`, browserslist) builds what a web server
 * publishes. `compiler.platform` is public in webpack 5.90+ and Rspack; an older webpack
 * has none and counts as a server build, as before.
 */
function browserTarget(compiler: WebpackCompiler): boolean {
  const platform = (compiler as { platform?: { browser?: boolean | null; webworker?: boolean | null } }).platform
  return platform?.browser === true && platform.webworker !== true
}

/**
 * A tool file webpack or Rspack cannot import exactly (../../scan/file-names.ts) is left out
 * of the virtual module, and its TR008 is an error that says so.
 */
function unimportableAsErrors(result: ScanResult, syntax: RequestSyntax, bundler: string): ScanResult {
  const reason = (d: Diagnostic) => (d.code === 'TR008' ? unimportableReason(d.file, syntax) : undefined)
  if (!result.diagnostics.some(d => reason(d) !== undefined)) return result
  const diagnostics = result.diagnostics.map((d): Diagnostic => {
    const why = reason(d)
    return why === undefined
      ? d
      : {
          ...d,
          severity: 'error',
          message: `${bundler} cannot import the tool file ${d.file}: ${why} — rename the file`,
        }
  })
  return { ...result, diagnostics }
}

function reportToWebpack(
  ctx: ToolRegistryContext,
  compiler: WebpackCompiler,
  compilation: WebpackCompilation,
  result: ScanResult,
) {
  const { root, dirs } = result.options
  for (const dir of dirs) compilation.contextDependencies.add(path.resolve(root, dir))
  for (const file of result.files) compilation.fileDependencies.add(file.absPath)
  const { WebpackError } = compiler.webpack
  ctx.reportTo(result, {
    warn: message => void compilation.warnings.push(new WebpackError(message)),
    error: message => void compilation.errors.push(new WebpackError(message)),
  })
}

// ---------------------------------------------------------------------------
// esbuild

function setupEsbuild(ctx: ToolRegistryContext, build: PluginBuild) {
  ctx.setBundlerRoot(build.initialOptions.absWorkingDir ?? process.cwd())
  build.onStart(async () => {
    const errors: PartialMessage[] = []
    const warnings: PartialMessage[] = []
    ctx.reportTo(await ctx.scan(), {
      warn: (message, d) => void warnings.push(esbuildMessage(message, d)),
      error: (message, d) => void errors.push(esbuildMessage(message, d)),
    })
    return { errors, warnings }
  })
  // esbuild honours `"sideEffects": false` only for paths its own resolver found:
  // resolving tool files here keeps them (unplugin's resolveId would move them to a namespace).
  build.onResolve({ filter: /.*/ }, args => {
    if (args.importer !== RESOLVED_VIRTUAL_MODULE_ID || !ctx.isToolFile(args.path)) return undefined
    return { path: args.path, sideEffects: true }
  })
  build.onEnd(async buildResult => {
    // Bun's esbuild-compatible `onEnd` passes no `errors` array.
    if ((buildResult.errors?.length ?? 0) > 0) return
    const assets = await ctx.buildAssets(await ctx.currentScan(), esbuildOutput(build.initialOptions.platform))
    const { outdir, outfile, write } = build.initialOptions
    const dir = outdir ?? (outfile ? path.dirname(outfile) : undefined)
    if (!dir) return
    for (const asset of assets) {
      const file = path.resolve(build.initialOptions.absWorkingDir ?? process.cwd(), dir, asset.fileName)
      if (write === false) {
        const contents = new TextEncoder().encode(asset.source)
        buildResult.outputFiles?.push({ path: file, contents, hash: '', text: asset.source })
        continue
      }
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, asset.source)
    }
  })
}

/**
 * `platform: 'browser'`, esbuild's default, builds what a web server publishes (README, "The
 * manifest and public outputs"); `node` and `neutral` (a Worker's) are server builds.
 */
const esbuildOutput = (platform: string | undefined): 'public' | 'server' =>
  (platform ?? 'browser') === 'browser' ? 'public' : 'server'

// ---------------------------------------------------------------------------
// Bun

/** The part of Bun's `PluginBuilder` (bun-types) `Bun.build` hands a plugin that this reads. */
interface BunBuilder {
  config: { outdir?: string; target?: string }
  onEnd(callback: (result: { success?: boolean }) => void | Promise<void>): void
}

/**
 * The manifest of a `Bun.build` into an `outdir`: `target: 'browser'`, Bun's default, is a
 * public output (README, "The manifest and public outputs"); `bun` and `node` are server builds.
 */
function setupBunAssets(ctx: ToolRegistryContext, build: BunBuilder): void {
  build.onEnd(async result => {
    if (result.success === false) return
    const { outdir, target } = build.config
    if (outdir === undefined) return
    for (const asset of await ctx.buildAssets(
      await ctx.currentScan(),
      (target ?? 'browser') === 'browser' ? 'public' : 'server',
    )) {
      const file = path.resolve(process.cwd(), outdir, asset.fileName)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, asset.source)
    }
  })
}

/**
 * The text carries every location (1-based) and frame. No `location`: esbuild would print
 * its 0-based column as a label beside the text, and a frame line of its own (empty without
 * `lineText`). The diagnostics ride along as `detail` for API users.
 */
function esbuildMessage(text: string, d: Diagnostic): PartialMessage {
  return { text, pluginName: PLUGIN_NAME, detail: d }
}
