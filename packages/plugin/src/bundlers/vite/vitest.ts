// The Vite plugin under Vitest (packages/plugin/README.md, "Vitest"). Vitest re-runs tests
// from Vite's watcher, so there the tool dirs stay in it (a dev server keeps them out: the
// plugin's own watcher serves them, ./dev.ts); and an added tool file changes
// `virtual:tool-registry`, which no test file's import graph on disk shows: the tool dirs
// are force-rerun triggers, next to the user's (or Vitest's default) ones. Vitest's module
// cache never holds the virtual modules (vitestModuleCache below).
import path from 'node:path'
import type { UserConfig } from 'vite'
import { type ToolRegistryContext, VIRTUAL_ID_FILTER } from '../context.js'

/** Vitest's own default `forceRerunTriggers`, kept when the user names none. */
const VITEST_DEFAULT_TRIGGERS = ['**/package.json/**', '**/{vitest,vite}.config.*/**']

interface ConfigEnvLike {
  mode: string
}
interface UserConfigLike {
  root?: string
  test?: { root?: string; forceRerunTriggers?: string[] }
}

/** Vitest's own server: Vitest sets VITEST before it loads the config, and runs it in `test` mode. */
export function isVitest(env: ConfigEnvLike): boolean {
  return process.env.VITEST !== undefined && env.mode === 'test'
}

/** The config the plugin adds under Vitest (Vite's config type knows no `test`: Vitest's key). */
export function vitestConfig(ctx: ToolRegistryContext, user: UserConfigLike): UserConfig {
  // Vitest's root is `test.root`, else Vite's `root` (Vitest 5 copies `--root` into `test.root`
  // alone, and Vite's `root` only in a later config hook).
  ctx.setBundlerRoot(path.resolve(user.test?.root || user.root || process.cwd()))
  // Vitest hands its triggers to Vite's watcher too, which watches only the files tests
  // import and takes no glob: the dir itself makes it watch the tool dir, the glob matches.
  const tools = ctx.toolDirs().flatMap(dir => {
    const posix = dir.split(path.sep).join('/')
    return [posix, `${posix}/**`]
  })
  // Vite merges a plugin's arrays into the user's: the defaults only when the user set none.
  const config: UserConfig & { test: { forceRerunTriggers: string[] } } = {
    test: { forceRerunTriggers: [...(user.test?.forceRerunTriggers ? [] : VITEST_DEFAULT_TRIGGERS), ...tools] },
  }
  return config
}

/** A cache key generator: `false` keeps the module out of Vitest's module cache. */
type CacheKeyGenerator = (context: { id: string }) => string | undefined | null | false

/** The part of Vitest's `configureVitest` context used here (Vitest 5, and Vitest 4's experimental one). */
interface VitestPluginContextLike {
  defineCacheKeyGenerator?: (generate: CacheKeyGenerator) => void
  experimental_defineCacheKeyGenerator?: (generate: CacheKeyGenerator) => void
}

/**
 * `configureVitest`: Vitest's module cache (`fsModuleCache`: on by default since Vitest 5,
 * `experimental.fsModuleCache` in Vitest 4) keys a module by its id and loaded code and keeps
 * that key per id until Vitest sees the module's file change. The virtual modules have no
 * file: a re-run under `vitest watch` would import the registry of the first run, a tool file
 * added meanwhile missing. So they stay out of the cache (every other module is left alone).
 */
export function vitestModuleCache(context: VitestPluginContextLike): void {
  const generate: CacheKeyGenerator = ({ id }) => (VIRTUAL_ID_FILTER.test(id) ? false : undefined)
  if (context.defineCacheKeyGenerator) context.defineCacheKeyGenerator(generate)
  else context.experimental_defineCacheKeyGenerator?.(generate)
}
