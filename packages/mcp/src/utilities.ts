import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js'
import type { MultimodalResult, ToolCallContext, ToolHandler } from '@toolreg/core'
import { serverText } from './from-server/result.js'
import type { McpToolInfo } from './from-server/schema.js'

type Capability = 'resources' | 'prompts'

interface UtilityTool {
  name: string
  describe(server: string): string
  inputSchema: Record<string, unknown>
  capability: Capability
  run(client: Client, args: Record<string, unknown>, options: RequestOptions): Promise<string | MultimodalResult>
}

const CURSOR_ONLY = {
  type: 'object',
  properties: { cursor: { type: 'string', description: 'nextCursor from a previous page' } },
}

function optionalString(args: Record<string, unknown>, key: string): string | undefined {
  const value = args[key]
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw new TypeError(`"${key}" must be a string`)
  return value
}

function requiredString(args: Record<string, unknown>, key: string): string {
  const value = optionalString(args, key)
  if (value === undefined) throw new TypeError(`"${key}" is required`)
  return value
}

function cursorParams(args: Record<string, unknown>): { cursor: string } | undefined {
  const cursor = optionalString(args, 'cursor')
  return cursor === undefined ? undefined : { cursor }
}

/** Text resource contents read as text; any binary part keeps every part as embedded resource blocks. */
function resourceResult(contents: readonly Record<string, unknown>[]): string | MultimodalResult {
  if (contents.every(part => typeof part.text === 'string')) return contents.map(part => part.text as string).join('\n')
  return { _multimodal: true, content: contents.map(resource => ({ type: 'resource', resource })) }
}

const UTILITY_TOOLS: readonly UtilityTool[] = [
  {
    name: 'list_resources',
    describe: server => `List the resources MCP server ${server} offers (paginated).`,
    inputSchema: CURSOR_ONLY,
    capability: 'resources',
    run: async (client, args, options) => JSON.stringify(await client.listResources(cursorParams(args), options)),
  },
  {
    name: 'read_resource',
    describe: server => `Read one resource of MCP server ${server} by URI.`,
    inputSchema: {
      type: 'object',
      properties: { uri: { type: 'string', description: 'Resource URI' } },
      required: ['uri'],
    },
    capability: 'resources',
    run: async (client, args, options) =>
      resourceResult((await client.readResource({ uri: requiredString(args, 'uri') }, options)).contents),
  },
  {
    name: 'list_prompts',
    describe: server => `List the prompts MCP server ${server} offers (paginated).`,
    inputSchema: CURSOR_ONLY,
    capability: 'prompts',
    run: async (client, args, options) => JSON.stringify(await client.listPrompts(cursorParams(args), options)),
  },
  {
    name: 'get_prompt',
    describe: server => `Get one prompt of MCP server ${server}, filled in with its arguments.`,
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Prompt name' },
        arguments: { type: 'object', additionalProperties: { type: 'string' }, description: 'Prompt arguments' },
      },
      required: ['name'],
    },
    capability: 'prompts',
    run: async (client, args, options) => {
      const promptArgs = args.arguments
      if (
        promptArgs !== undefined &&
        (typeof promptArgs !== 'object' || promptArgs === null || Array.isArray(promptArgs))
      ) {
        throw new TypeError('"arguments" must be an object of strings')
      }
      const params = { name: requiredString(args, 'name'), arguments: promptArgs as Record<string, string> | undefined }
      return JSON.stringify(await client.getPrompt(params, options))
    },
  },
]

/** A utility tool the connected server supports, with its handler. */
export interface UtilityBinding {
  info: McpToolInfo
  handler: ToolHandler
}

/** Utility tools for the capabilities the server announced at initialization. */
export function utilityTools(client: Client, server: string, timeoutMs: number): UtilityBinding[] {
  const capabilities = client.getServerCapabilities() ?? {}
  return UTILITY_TOOLS.filter(tool => capabilities[tool.capability] !== undefined).map(tool => ({
    info: { name: tool.name, description: tool.describe(server), inputSchema: tool.inputSchema },
    // Server text, sanitized as tool results are (README: "Results").
    handler: async (args: Record<string, unknown>, ctx: ToolCallContext) => {
      const out = await tool.run(client, args, { signal: ctx.signal, timeout: timeoutMs })
      return typeof out == 'string' ? serverText(out) : out
    },
  }))
}
