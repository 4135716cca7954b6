// Code mode in the page (core README, "Code mode"): `run_code` lets the model write one
// program against a typed API of the page's tools; it runs in QuickJS compiled to
// WebAssembly inside a Web Worker (src/code-worker.ts), and every tool call it makes comes
// back to the page and goes through `dispatch`. The worker is spawned on the first run.
import type { ToolRegistry } from '@toolreg/core'
import {
  createCodeMode,
  type CodeExecutor,
  type CodeMode,
  type CodeRunResult,
  workerExecutor,
} from '@toolreg/core/code-mode'

/** The toolsets the code may call: every toolset of tools/. */
export const CODE_TOOLSETS = ['page', 'storage', 'text']

/**
 * The code runs in a worker, so a runaway program never freezes the page: past the limit the
 * worker stops it (or, should it not answer, the page terminates the worker).
 */
export const CODE_LIMITS = { timeMs: 5000, maxToolCalls: 20 }

/** `onLoad` hears, for each code worker started, how long its first run took (QuickJS's loading included) or why it failed. */
export async function registerCodeMode(registry: ToolRegistry, onLoad: (line: string) => void): Promise<CodeMode> {
  let started = 0
  let fresh = false
  const executor = workerExecutor(() => {
    ;[started, fresh] = [started + 1, true]
    // Vite bundles a module worker referenced this way (its own chunk, with QuickJS in it).
    return new Worker(new URL('./code-worker.ts', import.meta.url), { type: 'module' })
  })
  const mode = await createCodeMode(registry, {
    executor: reporting(executor, (result, ms) => {
      if (!fresh) return
      fresh = false
      const failed = !result.ok && result.error.startsWith('the code worker could not')
      onLoad(
        failed
          ? `QuickJS failed to load: ${result.error}`
          : `code worker #${started} started (QuickJS in WebAssembly): its first run answered in ${ms} ms`,
      )
    }),
    toolsets: CODE_TOOLSETS,
    limits: CODE_LIMITS,
  })
  registry.register({ ...mode.spec, emoji: '🧪' })
  return mode
}

/** `executor`, telling `ran` how each run ended and how long it took. */
function reporting(executor: CodeExecutor, ran: (result: CodeRunResult, ms: number) => void): CodeExecutor {
  return {
    async run(code, host, limits) {
      const started = performance.now()
      const result = await executor.run(code, host, limits)
      ran(result, Math.round(performance.now() - started))
      return result
    },
  }
}
