import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { PaginatedResultSchema } from '@modelcontextprotocol/sdk/types.js'
import type { Logger } from '@toolreg/core'
import type { McpToolInfo } from './from-server/schema.js'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v == 'object' && v !== null && !Array.isArray(v)

/** Why a listed tool cannot be registered (the registry takes only object schemas), or '' when it can. */
function toolProblem(tool: unknown): string {
  if (!isObject(tool) || typeof tool.name != 'string') return 'no name'
  const schema = tool.inputSchema
  if (schema !== undefined && !(isObject(schema) && schema.type === 'object'))
    return "its inputSchema is not an object schema (type: 'object')"
  if (tool.description !== undefined && typeof tool.description != 'string') return 'its description is not a string'
  return ''
}

/**
 * Every tool of the server, following `nextCursor`; a repeated cursor is an error rather than an endless loop.
 * The pages are read leniently (the SDK's `listTools` rejects the whole listing for one bad tool): a tool the
 * registry cannot take is skipped with a warning.
 */
export async function listAllTools(
  client: Client,
  timeoutMs: number,
  logger: Logger,
  prefix: string,
): Promise<McpToolInfo[]> {
  // A server without the tools capability (resources or prompts only) still gets its utility tools.
  if (client.getServerCapabilities()?.tools === undefined) return []
  const tools: McpToolInfo[] = []
  const seen = new Set<string>()
  let cursor: string | undefined
  do {
    const page = await client.request(
      { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
      PaginatedResultSchema,
      { timeout: timeoutMs },
    )
    if (!Array.isArray(page.tools)) throw new Error('MCP server answered tools/list without a tools array')
    for (const tool of page.tools as unknown[]) {
      const problem = toolProblem(tool)
      if (problem)
        logger.warn(`${prefix} tool ${JSON.stringify((tool as { name?: unknown })?.name ?? null)} skipped: ${problem}`)
      else tools.push(tool as McpToolInfo)
    }
    cursor = page.nextCursor
    if (cursor !== undefined) {
      if (seen.has(cursor)) throw new Error(`MCP server repeated the tools/list cursor ${JSON.stringify(cursor)}`)
      seen.add(cursor)
    }
  } while (cursor !== undefined)
  return tools
}
