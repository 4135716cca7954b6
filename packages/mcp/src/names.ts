/** Model APIs accept a narrow character set in tool names; MCP names allow more (`.`, `-`, `/`…). */
export function sanitizeNamePart(part: string): string {
  return part.replace(/[^A-Za-z0-9_]/g, '_')
}

/** `mcp__<server>__<tool>`, each part sanitized. */
export function mcpToolName(server: string, tool: string): string {
  return `mcp__${sanitizeNamePart(server)}__${sanitizeNamePart(tool)}`
}

/** The toolset keeps the raw server name: it is a key, never sent to a model. */
export function mcpToolsetName(server: string): string {
  return `mcp-${server}`
}

/** Toolsets whose tools MCP attachments may replace (row 3 of the table in @toolreg/core's README, "Conflicts"). */
export function isMcpToolset(toolset: string): boolean {
  return toolset.startsWith('mcp-')
}
