import { sanitizeToolError, type ToolSchema } from '@toolreg/core'
import { cleanTexts } from './clean.js'

/** The part of an MCP `Tool` the registry needs. */
export interface McpToolInfo {
  name: string
  description?: string
  inputSchema?: Record<string, unknown>
  outputSchema?: Record<string, unknown>
  annotations?: Record<string, unknown>
}

const EMPTY_PARAMETERS: Record<string, unknown> = { type: 'object', properties: {} }

/**
 * Function schema for a registered MCP tool; drops a top-level `$schema`, which some model APIs refuse.
 * The description and the schema's descriptions are sanitized like error text (README: "Naming").
 */
export function toToolSchema(name: string, server: string, tool: McpToolInfo): ToolSchema {
  const { $schema: _dropped, ...parameters } = tool.inputSchema ?? EMPTY_PARAMETERS
  return {
    name,
    description: sanitizeToolError(tool.description ?? `MCP tool ${tool.name} from ${server}`),
    parameters: cleanTexts(parameters) as Record<string, unknown>,
  }
}

const isObjectSchema = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && (v as { type?: unknown }).type === 'object'

/**
 * The registry fields a listed tool carries besides its schema: its `annotations` (hints, the
 * title sanitized like descriptions) and its `outputSchema` when it is an object schema (then the
 * bridge keeps the server's `structuredContent`; README: "Results").
 */
export function toToolExtras(tool: McpToolInfo): {
  annotations?: Record<string, unknown>
  outputSchema?: Record<string, unknown>
} {
  const extras: { annotations?: Record<string, unknown>; outputSchema?: Record<string, unknown> } = {}
  const a = tool.annotations
  if (typeof a === 'object' && a !== null && !Array.isArray(a))
    extras.annotations = cleanTexts(a) as Record<string, unknown>
  if (isObjectSchema(tool.outputSchema)) {
    const { $schema: _dropped, ...output } = tool.outputSchema
    extras.outputSchema = cleanTexts(output) as Record<string, unknown>
  }
  return extras
}
