// Code mode in the page (core README, "Code mode"): `run_code` lets the model write one
// program against a typed API of the page's tools; it runs in QuickJS compiled to
// WebAssembly, and every tool call it makes goes through `dispatch`. The executor loads
// QuickJS on its first run (src/quickjs.ts is a chunk of its own).
import type { ToolRegistry } from '@toolreg/core'
import { createCodeMode, type CodeExecutor, type CodeMode } from '@toolreg/core/code-mode'

/** The toolsets the code may call: every toolset of tools/. */
export const CODE_TOOLSETS = ['page', 'storage', 'text']

/**
 * QuickJS runs on the page's main thread: a runaway program freezes the page until the
 * deadline, so the limit is short (every tool here answers at once).
 */
export const CODE_LIMITS = { timeMs: 1000, maxToolCalls: 20 }

/** `onLoad` hears once how long fetching and compiling QuickJS took (or why it failed). */
export async function registerCodeMode(registry: ToolRegistry, onLoad: (line: string) => void): Promise<CodeMode> {
  const mode = await createCodeMode(registry, {
    executor: lazyQuickJs(onLoad),
    toolsets: CODE_TOOLSETS,
    limits: CODE_LIMITS,
  })
  registry.register({ ...mode.spec, emoji: '🧪' })
  return mode
}

function lazyQuickJs(onLoad: (line: string) => void): CodeExecutor {
  let executor: Promise<CodeExecutor> | undefined
  return {
    async run(code, host, limits) {
      if (!executor) {
        const started = performance.now()
        executor = import('./quickjs.ts').then(m => m.loadQuickJsExecutor())
        executor.then(
          () => onLoad(`QuickJS (WebAssembly) loaded in ${Math.round(performance.now() - started)} ms`),
          (error: unknown) => {
            executor = undefined // the next run tries again
            onLoad(`QuickJS failed to load: ${error instanceof Error ? error.message : String(error)}`)
          },
        )
      }
      try {
        return await (await executor).run(code, host, limits)
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        return { ok: false, error: `QuickJS could not be loaded: ${reason}`, console: '' }
      }
    },
  }
}
