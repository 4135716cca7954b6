import { parts } from './adapters.js'
import { isToolError } from './results.js'
import type { ToolRegistry } from '../registry/registry.js'
import type {
  RunContext,
  ToolCallContext,
  ToolCallContextBase,
  ToolDefinition,
  ToolEntry,
  ToolResult,
} from '../types.js'

/**
 * What an agent-framework adapter dispatches through: `getEntry` lets output schemas and progress
 * map to the framework's own, `getEntry` with `needsApproval` approval too.
 */
export type AdapterRegistry = Pick<ToolRegistry, 'dispatch'> & Partial<Pick<ToolRegistry, 'getEntry' | 'needsApproval'>>

/**
 * An adapter's base context for every call: `run`, when given, is the declared context type
 * (`interface Register`), and may be left out because the framework supplies it per call.
 */
export type AdapterContext = ToolCallContextBase & { run?: RunContext }

/**
 * A definition's name, description and parameters, and the registered entry behind it when the
 * registry has `getEntry` (approval, output schema and progress map from the entry).
 */
export function frameworkParts(d: ToolDefinition, registry: AdapterRegistry) {
  const p = parts(d)
  return { ...p, e: registry.getEntry?.(p.name) }
}

/** What a framework gives one call (each adapter reads them off its own call options). */
export interface FrameworkCall extends Pick<ToolCallContextBase, 'signal' | 'toolCallId' | 'approve' | 'onProgress'> {
  run?: unknown
}

/**
 * The context of one call: the base `ctx` with what the framework gave (its signal and run
 * context, else the base's). `approved`: the framework asked for this very call (see
 * `frameworkApproval`) and runs it, so dispatch is told it is approved (never asked twice).
 */
export const callContext = (base: AdapterContext | undefined, call: FrameworkCall, approved = false) =>
  ({
    ...base,
    ...call,
    signal: call.signal ?? base?.signal,
    run: call.run ?? base?.run,
    ...(approved && { approve: () => true }),
  }) as ToolCallContext

/** How many asked calls a tool keeps waiting for their run (a denied call never runs: the oldest go first). */
const ASKED_LIMIT = 1000

/**
 * The one approval path of the adapters whose framework asks a person itself (README,
 * "Approval"): `ask` is the framework's `needsApproval`, answered by `registry.needsApproval`
 * (the validated arguments, so a schema's transform or default is what is judged; a throwing
 * `needsApproval` asks); a call it said yes to is recorded, by call id and arguments. `approved`
 * takes that record once: only a call the framework really asked about counts as approved when it
 * runs; any other reaches dispatch unapproved, which asks `ctx.approve` or fails closed.
 * Undefined when the tool needs no approval or the registry cannot tell.
 */
export function frameworkApproval(
  registry: AdapterRegistry,
  name: string,
  e: ToolEntry | undefined,
  base: AdapterContext | undefined,
) {
  const judge = registry.needsApproval
  if (e?.needsApproval === undefined || judge === undefined) return undefined
  const asked = new Set<string>()
  const key = (callId: string | undefined, input: unknown) => {
    try {
      return `${callId ?? ''}\n${JSON.stringify(input)}`
    } catch {
      return undefined // not JSON: never recorded, so dispatch asks
    }
  }
  return {
    async ask(input: unknown, call: FrameworkCall): Promise<boolean> {
      const needed = await judge.call(registry, name, input, callContext(base, call))
      const k = needed && key(call.toolCallId, input)
      if (k) {
        asked.delete(k)
        asked.add(k)
        if (asked.size > ASKED_LIMIT) asked.delete(asked.values().next().value as string)
      }
      return needed
    },
    approved: (input: unknown, callId: string | undefined): boolean => {
      const k = key(callId, input)
      return k !== undefined && asked.delete(k)
    },
  }
}

/** The options every agent-framework adapter shares besides the framework's factory. */
export interface FrameworkToolsOptions {
  /** Default: the singleton. */
  registry?: AdapterRegistry
  /** Base context for every call; `signal`, `toolCallId` and `run` are set per call from the framework. */
  ctx?: AdapterContext
}

/**
 * A toolreg error envelope as the `Error` a framework's failure path expects: the message is the
 * envelope's sanitized, redacted `error` text, the whole envelope is kept on `result`.
 */
export class ToolCallError extends Error {
  override name = 'ToolError'
  constructor(readonly result: string) {
    super(errorText(result))
  }
}

/** The `error` text of an error envelope. */
function errorText(result: string): string {
  try {
    return String(JSON.parse(result).error)
  } catch {
    return result
  }
}

/** Throws an error envelope as a `ToolCallError`; any other result is returned. */
export function unlessError(result: ToolResult): ToolResult {
  if (isToolError(result)) throw new ToolCallError(result as string)
  return result
}
