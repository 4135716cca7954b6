// A fake CodeHost for the code-mode executor tests (see packages/core/README.md, "Code mode"):
// records every call exactly as it arrived, answers from a table of handlers.
import type { CodeCallAnswer, CodeHost, CodeModeLimits } from '../src/code-mode/executor.ts'

export type Handler = (args: unknown) => unknown | Promise<unknown>

export interface FakeHost extends CodeHost {
  /** Every call, with the raw arguments as they reached `call` (their count and types included). */
  readonly calls: { args: unknown[] }[]
}

/** `handlers` maps `toolset.method` to a function of the parsed arguments; a throw becomes `{ ok: false }`. */
export function fakeHost(handlers: Record<string, Handler> = {}): FakeHost {
  const api: Record<string, Record<string, string>> = {}
  for (const key of Object.keys(handlers)) {
    const [set, method] = key.split('.')
    api[set] = { ...api[set], [method]: `${set}_${method}` }
  }
  const byName = new Map(Object.keys(handlers).map(key => [key.replace('.', '_'), handlers[key]]))
  const calls: { args: unknown[] }[] = []
  return {
    api,
    calls,
    async call(...args: unknown[]): Promise<CodeCallAnswer> {
      calls.push({ args })
      const [name, argsJson] = args
      const handler = byName.get(String(name))
      if (!handler) return { ok: false, error: `no tool ${String(name)}` }
      try {
        const result = await handler(JSON.parse(String(argsJson)))
        return { ok: true, json: JSON.stringify(result ?? null) }
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) }
      }
    },
  } as FakeHost
}

/** Generous defaults; a test tightens the one it exercises. */
export function limits(overrides: Partial<CodeModeLimits> = {}): CodeModeLimits {
  return {
    timeMs: 2000,
    memoryBytes: 32 * 1024 * 1024,
    stackBytes: 256 * 1024,
    maxToolCalls: 50,
    maxOutputChars: 100_000,
    maxConsoleChars: 10_000,
    ...overrides,
  }
}

/** True when every recorded call had exactly two string arguments, the second JSON text. */
export function onlyJsonStrings(host: FakeHost): boolean {
  return host.calls.every(({ args }) => {
    if (args.length !== 2 || typeof args[0] !== 'string' || typeof args[1] !== 'string') return false
    try {
      JSON.parse(args[1])
      return true
    } catch {
      return false
    }
  })
}
