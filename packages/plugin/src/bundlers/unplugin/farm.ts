// What Farm needs beyond unplugin's adapter (packages/plugin/README.md, "Farm"): its root
// (`config.root`), and a watcher of its own in `farm watch`, `farm build --watch` and the dev
// server. Farm's watcher acts only on content changes of modules it already has, so a tool
// file added, renamed or deleted would never reach the registry, and a name edited in place
// would reach the tool module but not the registry's list. So there the plugin watches the
// tool dirs (../../dev/watch.ts) and, after a scan without errors, has Farm rebuild the virtual
// module: the dev server through its HMR engine, watch mode by writing the output again. A
// scan with errors prints them and keeps the last output until they are fixed. The manifest
// goes into the output of a build for Node, not for the browser (README, "The manifest and
// public outputs").
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Compiler, JsPlugin, Server } from '@farmfe/core'
import { type ToolDirWatcher, watchToolDirs } from '../../dev/watch.js'
import { serializeRuns } from '../../scan/serial.js'
import { RESOLVED_VIRTUAL_MODULE_ID, type ToolRegistryContext } from '../context.js'

/** The virtual module's path in Farm's module graph (unplugin writes `\0` as `\\0` there). */
const FARM_VIRTUAL_MODULE_PATH = RESOLVED_VIRTUAL_MODULE_ID.replace('\0', '\\0')

/** Farm's hooks, and `served`: what the shared `load` hook (./factory.ts) reports it gave Farm. */
export function farmHooks(ctx: ToolRegistryContext): { hooks: Partial<JsPlugin>; served(code: string): void } {
  /** The virtual module Farm last loaded. */
  let served: string | undefined
  let watching = false
  let browser = true
  let outDir = 'dist'
  let server: Server | undefined
  let watcher: ToolDirWatcher | undefined
  /** The virtual module of the last rebuild. */
  let lastModule: string | undefined

  async function rebuild(compiler: Compiler, paths: Set<string>): Promise<void> {
    for (const file of paths) ctx.invalidate(file)
    const errors: string[] = []
    const result = await ctx.scan()
    ctx.reportTo(result, {
      warn: message => console.warn(message),
      error: message => void errors.push(message),
    })
    if (errors.length > 0) return console.error(errors.join('\n'))
    // An edit that leaves the module as it was (a handler's body) is Farm's own update.
    const code = ctx.buildModule(result, 'path')
    if (code === lastModule) return writeAssets()
    lastModule = code
    if (!compiler.hasModule(FARM_VIRTUAL_MODULE_PATH)) return
    // The changed tool files Farm already has go with it: Farm's watcher misses an edit made
    // right after a file entered its graph (a rename, then a save), and would serve the old text.
    const modules = [FARM_VIRTUAL_MODULE_PATH, ...[...paths].filter(p => existsSync(p) && compiler.hasModule(p))]
    if (server?.hmrEngine) {
      // Farm's HMR engine drops a module asked for while an update of it is queued or
      // compiling: asked again, once idle, until Farm has loaded what the last scan says.
      for (let attempt = 0; attempt < 20; attempt++) {
        while (compiler.compiling) await new Promise(resolve => setTimeout(resolve, 20))
        if (served === ctx.buildModule(await ctx.currentScan(), 'path')) return
        await server.hmrEngine.hmrUpdate(modules, true)
      }
      return
    }
    await compiler.update(modules, true)
    compiler.writeResourcesToDisk()
    await writeAssets()
  }

  async function writeAssets(): Promise<void> {
    // The dev server writes no output.
    if (server) return
    for (const asset of await ctx.buildAssets(await ctx.currentScan(), browser ? 'public' : 'server')) {
      const file = path.join(outDir, asset.fileName)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, asset.source)
    }
  }

  const hooks: Partial<JsPlugin> = {
    configResolved(config) {
      if (config.root) ctx.setBundlerRoot(config.root)
      // `farm watch` and the dev server build for development; `farm build --watch` sets `watch`.
      watching = config.compilation?.mode === 'development' || Boolean(config.compilation?.watch)
      // The browser targets (Farm's default) build what a web server publishes.
      const target = config.compilation?.output?.targetEnv ?? 'browser'
      browser = target.startsWith('browser') || target === 'library-browser'
      outDir = path.resolve(config.root ?? process.cwd(), config.compilation?.output?.path ?? 'dist')
    },
    configureCompiler(compiler) {
      if (!watching) return
      watcher?.close()
      // One rebuild at a time: the changes seen meanwhile make one more.
      const rebuildSerially = serializeRuns(
        (paths: Set<string>) => rebuild(compiler, paths),
        (queued, incoming) => {
          for (const file of incoming) queued.add(file)
        },
      )
      watcher = watchToolDirs({
        dirs: ctx.toolDirs(),
        recursive: ctx.options().include.some(pattern => pattern.includes('/')),
        onChange: paths => void rebuildSerially(paths).catch(error => console.error(error)),
        onError: error => console.error(`toolreg: watching the tool dirs failed: ${(error as Error).message}`),
      })
    },
    // A file emitted from buildEnd never reached Farm 1.7's output: written once the output is.
    finish: { executor: () => writeAssets() },
    configureDevServer(devServer) {
      server = devServer
    },
  }
  return {
    hooks,
    served(code) {
      served = code
    },
  }
}
