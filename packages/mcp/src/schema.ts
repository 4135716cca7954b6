import { sanitizeToolError, type ToolSchema } from '@toolreg/core'

/** The part of an MCP `Tool` the registry needs. */
export interface McpToolInfo {
  name: string
  description?: string
  inputSchema?: Record<string, unknown>
  outputSchema?: Record<string, unknown>
  annotations?: Record<string, unknown>
}

const EMPTY_PARAMETERS: Record<string, unknown> = { type: 'object', properties: {} }

/** Every `description` and `title` string of a schema sanitized (the server's text reaches the model in definitions). */
function cleanTexts(value: unknown, depth = 0): unknown {
  if (typeof value != 'object' || value === null || depth > 64) return value
  if (Array.isArray(value)) return value.map(v => cleanTexts(v, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value))
    out[k] =
      (k == 'description' || k == 'title') && typeof v == 'string' ? sanitizeToolError(v) : cleanTexts(v, depth + 1)
  return out
}

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
