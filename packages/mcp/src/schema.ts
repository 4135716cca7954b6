import type { ToolSchema } from '@toolreg/core'

/** The part of an MCP `Tool` the registry needs. */
export interface McpToolInfo {
  name: string
  description?: string
  inputSchema?: Record<string, unknown>
}

const EMPTY_PARAMETERS: Record<string, unknown> = { type: 'object', properties: {} }

/** Function schema for a registered MCP tool; drops a top-level `$schema`, which some model APIs refuse. */
export function toToolSchema(name: string, server: string, tool: McpToolInfo): ToolSchema {
  const { $schema: _dropped, ...parameters } = tool.inputSchema ?? EMPTY_PARAMETERS
  return {
    name,
    description: tool.description ?? `MCP tool ${tool.name} from ${server}`,
    parameters,
  }
}
