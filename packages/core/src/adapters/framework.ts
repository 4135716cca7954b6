import { isToolError } from './results.js'
import type { ToolRegistry } from '../registry/registry.js'
import type { RunContext, ToolCallContextBase, ToolResult } from '../types.js'

/** What an agent-framework adapter dispatches through: `getEntry` lets approval, output schemas and progress map to the framework's own. */
export type AdapterRegistry = Pick<ToolRegistry, 'dispatch'> & Partial<Pick<ToolRegistry, 'getEntry'>>

/**
 * An adapter's base context for every call: `run`, when given, is the declared context type
 * (`interface Register`), and may be left out because the framework supplies it per call.
 */
export type AdapterContext = ToolCallContextBase & { run?: RunContext }

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
