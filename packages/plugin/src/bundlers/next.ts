// `@toolreg/plugin/next`: `withToolreg(nextConfig, options?)` (packages/plugin/README.md,
// "Next.js"). Turbopack runs no plugin, so under Turbopack (`next dev`, `next build`) the
// generator writes `virtual:tool-registry` as a real file at config load (../dev/generated-file.ts,
// as `toolreg generate`) and `turbopack.resolveAlias` points the id at it; a scan with errors
// fails `next build` there. Under `--webpack` the webpack plugin does everything itself.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createGeneratedFile, DEFAULT_GENERATE_OUT } from '../dev/generated-file.js'
import { outConflict } from '../dev/out-path.js'
import type { ToolDirWatcher } from '../dev/watch.js'
import { resolveProjectOptions } from '../options/config.js'
import { resolveOptions } from '../options/options.js'
import type { ToolRegistryOptions } from '../types.js'
import { VIRTUAL_MODULE_ID } from './context.js'
import webpackPlugin from './webpack.js'

export interface WithToolregOptions extends ToolRegistryOptions {
  /**
   * The file Turbopack imports for `virtual:tool-registry`, relative to `root` (with its
   * siblings `*.sources.ts`, …). Default `'tool-registry.gen.ts'`, as `toolreg generate`.
   */
  out?: string
}

/**
 * The part of Next's `NextConfig` that `withToolreg` extends. Not imported from `next`: its
 * types declare globals (`process.env.NODE_ENV` as required) in every program that sees them.
 */
export interface NextConfigLike {
  turbopack?: { resolveAlias?: Record<string, unknown> } | undefined
  webpack?: ((config: never, context: never) => unknown) | null | undefined
}

/** Next's config function (`next.config.*` may default-export one). */
export type NextConfigFunction<C> = (phase: string, context: { defaultConfig: unknown }) => C | Promise<C>

// Next's phases (next/constants), as strings: importing Next at config load costs a second.
const PHASE_DEVELOPMENT_SERVER = 'phase-development-server'
const PHASE_PRODUCTION_BUILD = 'phase-production-build'

/** One watcher per process and file, however often Next loads the config. */
const watchers = new Map<string, ToolDirWatcher>()

async function writeWithDir(file: string, content: string): Promise<string | undefined> {
  try {
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, content)
    return undefined
  } catch (error) {
    return `toolreg: cannot write ${file}: ${(error as Error).message}`
  }
}

export function withToolreg<C extends NextConfigLike>(
  nextConfig: C | NextConfigFunction<C>,
  options: WithToolregOptions = {},
): (phase: string, context: { defaultConfig: unknown }) => Promise<C> {
  const { out = DEFAULT_GENERATE_OUT, ...pluginOptions } = options
  // Bad options throw here, in next.config.
  resolveOptions(pluginOptions)
  return async (phase, context) => {
    const config = typeof nextConfig === 'function' ? await nextConfig(phase, context) : nextConfig
    const userWebpack = config.webpack as ((config: unknown, context: unknown) => unknown) | null | undefined
    const withWebpack: C = {
      ...config,
      // Next calls it once per compiler (client, server, edge server).
      webpack: (webpackConfig: { plugins: unknown[] }, webpackContext: unknown) => {
        webpackConfig.plugins.push(webpackPlugin(pluginOptions))
        return userWebpack ? userWebpack(webpackConfig, webpackContext) : webpackConfig
      },
    }
    // Next sets TURBOPACK (documented for next.config) whenever Turbopack builds; `next start`
    // and `--webpack` leave it unset, and need no file.
    if (!process.env.TURBOPACK) return withWebpack

    const resolved = resolveProjectOptions(pluginOptions, process.cwd())
    const file = path.resolve(resolved.root, out)
    // Never over a tool file, nor into a tool dir (README, "Next.js"); the scan checks the
    // files it read once more before anything is written.
    const conflict = await outConflict(resolved.root, resolved.dirs, [file])
    if (conflict)
      throw new Error(`toolreg: withToolreg: refusing to write ${conflict.file} (option \`out\`): ${conflict.why}`)
    const building = phase === PHASE_PRODUCTION_BUILD
    // A build that fails says why in its error; otherwise what was printed goes to the terminal.
    let printed = ''
    const generated = createGeneratedFile(resolved, {
      out: file,
      format: 'text',
      io: {
        stdout: text => void process.stdout.write(`toolreg: ${text}`),
        stderr: text => (building ? void (printed += text) : void process.stderr.write(text)),
      },
      write: writeWithDir,
      dts: true,
      // The dev server evaluates the file again after a change but keeps the registry.
      prune: phase === PHASE_DEVELOPMENT_SERVER,
      label: { error: 'toolreg: ', info: '' },
    })
    const { code } = await generated.update()
    if (building && code !== 0)
      throw new Error(code === 1 ? `toolreg: the tool files have errors\n${printed}` : printed.trimEnd())
    if (printed !== '') process.stderr.write(printed)
    // Only the dev server watches, and never keeps a process alive: Next loads this config in
    // processes that must exit (docs/architecture.md, platform facts).
    if (phase === PHASE_DEVELOPMENT_SERVER && !watchers.has(file)) watchers.set(file, generated.watch(false))

    const alias = path.relative(process.cwd(), file).split(path.sep).join('/')
    return {
      ...withWebpack,
      turbopack: {
        ...config.turbopack,
        resolveAlias: {
          ...config.turbopack?.resolveAlias,
          [VIRTUAL_MODULE_ID]: alias.startsWith('.') ? alias : `./${alias}`,
        },
      },
    }
  }
}
