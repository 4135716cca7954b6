import { parts } from './adapters.js'
import { isToolError } from './results.js'
import type { ToolRegistry } from '../registry/registry.js'
import type { RunContext, ToolCallContext, ToolCallContextBase, ToolDefinition, ToolResult } from '../types.js'

/** What an agent-framework adapter dispatches through: `getEntry` lets approval, output schemas and progress map to the framework's own. */
export type AdapterRegistry = Pick<ToolRegistry, 'dispatch'> & Partial<Pick<ToolRegistry, 'getEntry'>>

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
 * context, else the base's). `approved`: the tool has `needsApproval` and the framework asks for
 * approval itself before it calls, so dispatch is told the call is approved (never asked twice).
 */
export const callContext = (base: AdapterContext | undefined, call: FrameworkCall, approved = false) =>
  ({
    ...base,
    ...call,
    signal: call.signal ?? base?.signal,
    run: call.run ?? base?.run,
    ...(approved && { approve: () => true }),
  }) as ToolCallContext

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
