// The hooks of the Vite, Rollup and Rolldown plugins: one shape for the three (scan at
// buildStart, the virtual module and its companions, the manifest asset), wired
// natively rather than through unplugin, whose loading alone is a measurable part of every
// build (bench/PROFILE.md). They know nothing of a dev server: ../vite.ts puts the dev server's
// hooks (../vite/dev.ts) in their place under `vite serve`. Hook wiring only: behaviour
// lives in the context (../context.ts) and ./imports.ts.
import path from 'node:path'
import { parseCompanionId } from '../../codegen/companion-ids.js'
import { PLUGIN_NAME, VIRTUAL_ID_FILTER, isVirtualModuleId } from '../context.js'
import type { ToolRegistryContext } from '../context.js'
import { createRollupImports, ESCAPED_ID_FILTER } from './imports.js'
import type { Diagnostic, ScanResult } from '../../types.js'

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
  /** `'client'`: the output a web server publishes (a Vite client build's `dist/`, SvelteKit's `build/client`). */
  config: { consumer: 'client' | 'server' }
}

/** No hook rewrites a tool module in a build (../vite.ts adds the dev server's transform). */
export function rollupLikeHooks(ctx: ToolRegistryContext) {
  const imports = createRollupImports(ctx)
  return {
    name: PLUGIN_NAME,
    watchChange(id: string) {
      ctx.invalidate(id)
    },
    // Whether tool files may be imported by plain path (./side-effects.ts).
    options(inputOptions: { treeshake?: unknown }) {
      imports.setTreeshake(inputOptions.treeshake)
    },
    async buildStart(this: RollupLikeContext & { environment?: ViteEnvironment; meta?: { watchMode?: boolean } }) {
      const result = await ctx.scan()
      // A one-shot build watches nothing: skip a trip into the bundler per tool file.
      if (this.meta?.watchMode !== false) for (const target of ctx.watchTargets(result)) this.addWatchFile(target)
      ctx.reportTo(result, {
        warn: (message, d) => this.warn(rollupLog(message, d, result)),
        error: (message, d) => this.error(rollupLog(message, d, result)),
      })
    },
    // Hook filters: Rolldown (Vite) and Rollup then never call into JS for the other modules.
    // A build imports a tool file by its plain path, or, when the `treeshake` option or a
    // `package.json` could mark it side-effect free or its name holds `?`, `#` or `\`, through
    // a `file` companion id that this hook resolves with `moduleSideEffects: true`
    // (docs/architecture.md, platform facts: `treeshake.moduleSideEffects: false` drops
    // side-effect imports otherwise), escaping the odd name.
    resolveId: {
      filter: { id: VIRTUAL_ID_FILTER },
      handler(id: string) {
        const companion = parseCompanionId(id)
        return companion?.kind === 'file' ? imports.resolveFile(companion) : ctx.resolveVirtual(id)
      },
    },
    load: {
      filter: { id: [VIRTUAL_ID_FILTER, ESCAPED_ID_FILTER] },
      async handler(this: RollupLikeContext, id: string) {
        if (!VIRTUAL_ID_FILTER.test(id)) {
          const code = await imports.loadEscapedToolFile(id)
          return code === undefined ? null : { code, moduleSideEffects: true }
        }
        const result = await ctx.currentScan()
        if (isVirtualModuleId(id)) return ctx.buildModule(result, 'path', imports.importPath())
        return (await ctx.loadCompanion(id, result)) ?? null
      },
    },
    generateBundle: {
      // `post`: Vite drops assets emitted at normal order in SSR builds (docs/architecture.md, platform facts).
      order: 'post' as const,
      async handler(this: RollupLikeContext & { environment?: ViteEnvironment }) {
        const output = this.environment?.config.consumer === 'client' ? 'public' : 'server'
        for (const asset of await ctx.buildAssets(await ctx.currentScan(), output))
          this.emitFile({ type: 'asset', ...asset })
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
