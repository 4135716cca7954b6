// The Vite plugin under Vitest (packages/plugin/README.md, "Vitest"). Vitest re-runs tests
// from Vite's watcher, so there the tool dirs stay in it (a dev server keeps them out: the
// plugin's own watcher serves them, ./dev.ts); and an added tool file changes
// `virtual:tool-registry`, which no test file's import graph on disk shows: the tool dirs
// are force-rerun triggers, next to the user's (or Vitest's default) ones.
import path from 'node:path'
import type { UserConfig } from 'vite'
import type { ToolRegistryContext } from '../context.js'

/** Vitest's own default `forceRerunTriggers`, kept when the user names none. */
const VITEST_DEFAULT_TRIGGERS = ['**/package.json/**', '**/{vitest,vite}.config.*/**']

interface ConfigEnvLike {
  mode: string
}
interface UserConfigLike {
  root?: string
  test?: { forceRerunTriggers?: string[] }
}

/** Vitest's own server: Vitest sets VITEST before it loads the config, and runs it in `test` mode. */
export function isVitest(env: ConfigEnvLike): boolean {
  return process.env.VITEST !== undefined && env.mode === 'test'
}

/** The config the plugin adds under Vitest (Vite's config type knows no `test`: Vitest's key). */
export function vitestConfig(ctx: ToolRegistryContext, user: UserConfigLike): UserConfig {
  ctx.setBundlerRoot(path.resolve(user.root ?? process.cwd()))
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
