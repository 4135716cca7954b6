// The hooks of the Vite, Rollup and Rolldown plugins: one shape for the three (scan at
// buildStart, the virtual module, the tool-module transform, the manifest asset), wired
// natively rather than through unplugin, whose loading alone cost ~8 ms of every build
// (bench/PROFILE.md). ./vite.ts adds the dev server's hooks (./vite-dev.ts). Hook wiring
// only: behaviour lives in the context (./context.ts) and the core.
import path from 'node:path'
import { isVirtualModuleId, PLUGIN_NAME, RESOLVED_VIRTUAL_MODULE_ID, VIRTUAL_MODULE_ID } from './context.js'
import type { ToolRegistryContext } from './context.js'
import type { Diagnostic, ScanResult } from './core/types.js'
import type { ViteDev } from './vite-dev.js'

/** The same two ids as a hook filter. */
const VIRTUAL_ID_FILTER = new RegExp(`^\\0?${VIRTUAL_MODULE_ID}$`)

/** The part of the Rollup/Rolldown/Vite plugin context used here. */
interface RollupLikeContext {
  error(error: RollupLikeLog): never
  warn(warning: RollupLikeLog): void
  addWatchFile(id: string): void
  emitFile(file: { type: 'asset'; fileName: string; source: string }): string
}
interface RollupLikeLog {
  message: string
  id?: string
  loc?: { file?: string; line: number; column: number }
  frame?: string
}

interface ViteEnvironment {
  name: string
  config: { build: { sourcemap: unknown } }
}

/** `dev` only for Vite: in `vite serve` errors go to the overlay instead of failing. */
export function rollupLikeHooks(ctx: ToolRegistryContext, dev?: ViteDev) {
  // A Vite build without source maps never reads one (Vite's own plugins skip them too).
  const wantsSourceMaps = (context: { environment?: ViteEnvironment }): boolean =>
    !dev || dev.serving || context.environment?.config.build.sourcemap !== false

  return {
    name: PLUGIN_NAME,
    watchChange(id: string) {
      ctx.invalidate(id)
    },
    async buildStart(this: RollupLikeContext & { environment?: ViteEnvironment; meta?: { watchMode?: boolean } }) {
      // Loaded now so that `transform` stays synchronous.
      if (wantsSourceMaps(this)) await ctx.preloadSourceMaps()
      const result = await ctx.scan()
      if (dev?.serving) return dev.reportAtStart(result, this.environment?.name ?? 'client')
      // A one-shot build watches nothing: skip a trip into the bundler per tool file.
      if (this.meta?.watchMode !== false) for (const target of ctx.watchTargets(result)) this.addWatchFile(target)
      const { errors, errorMessage, warnings } = ctx.report(result)
      for (const { diagnostic, message } of warnings) this.warn(rollupLog(message, diagnostic, result))
      if (errors.length > 0) this.error(rollupLog(errorMessage, errors[0], result))
    },
    // Hook filters: Rolldown (Vite) and Rollup then never call into JS for the other modules.
    // Tool modules need no resolveId: `transform` marks them as having side effects (SPEC §8).
    resolveId: {
      filter: { id: VIRTUAL_ID_FILTER },
      handler(id: string) {
        return isVirtualModuleId(id) ? RESOLVED_VIRTUAL_MODULE_ID : null
      },
    },
    load: {
      filter: { id: VIRTUAL_ID_FILTER },
      async handler(this: RollupLikeContext, id: string) {
        if (!isVirtualModuleId(id)) return null
        const result = await ctx.currentScan()
        if (!dev?.serving) return ctx.loadVirtualModule(result)
        const { errors, errorMessage } = ctx.report(result)
        if (errors.length > 0) {
          dev.noteLoadInError()
          this.error({ message: errorMessage })
        }
        return ctx.loadVirtualModule(result, { lazy: false }) + dev.virtualModuleFooter
      },
    },
    transform: {
      // Every tool module contains `register` (the scan's pre-check): Rolldown (Vite) and
      // Rollup skip the call into JS for the other modules of the app and its dependencies.
      filter: { code: /register/ },
      handler(this: object, code: string, id: string) {
        const file = ctx.toolModuleOf(id)
        if (!file) return null
        const out = ctx.transformToolFile(code, file, wantsSourceMaps(this as { environment?: ViteEnvironment }))
        // Appended after the last line: the source map of the lines above stays valid.
        const footer = dev?.serving ? dev.toolModuleFooter(file, ctx.options().registryModules[0] ?? '@toolreg/core') : ''
        const finish = (result: Awaited<typeof out>) => ({ code: (result?.code ?? code) + footer, map: result?.map ?? null, moduleSideEffects: true })
        return out instanceof Promise ? out.then(finish) : finish(out)
      },
    },
    generateBundle: {
      // `post`: Vite drops assets emitted at normal order in SSR builds (SPEC §8).
      order: 'post' as const,
      async handler(this: RollupLikeContext) {
        const asset = ctx.manifestAsset(await ctx.currentScan())
        if (asset) this.emitFile({ type: 'asset', ...asset })
      },
    },
  }
}

/**
 * Rollup and Rolldown print `loc`/`frame` only for some hooks and Vite prints only the
 * message, so the message carries every location (1-based, as everywhere in toolreg) and
 * frame. No `loc`: each of them would print its 0-based `loc.column` as a label beside the
 * message (`tools/x.ts:3:0` over `tools/x.ts:3:1 - error …`); `id` names the first file.
 */
function rollupLog(message: string, d: Diagnostic, result: ScanResult): RollupLikeLog {
  return { message, id: path.resolve(result.options.root, d.file) }
}
