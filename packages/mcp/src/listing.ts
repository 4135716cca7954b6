import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { McpToolInfo } from './schema.js'

/** Every tool of the server, following `nextCursor`; a repeated cursor is an error rather than an endless loop. */
export async function listAllTools(client: Client, timeoutMs: number): Promise<McpToolInfo[]> {
  // A server without the tools capability (resources or prompts only) still gets its utility tools.
  if (client.getServerCapabilities()?.tools === undefined) return []
  const tools: McpToolInfo[] = []
  const seen = new Set<string>()
  let cursor: string | undefined
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: timeoutMs })
    tools.push(...page.tools)
    cursor = page.nextCursor
    if (cursor !== undefined) {
      if (seen.has(cursor)) throw new Error(`MCP server repeated the tools/list cursor ${JSON.stringify(cursor)}`)
      seen.add(cursor)
    }
  } while (cursor !== undefined)
  return tools
}
