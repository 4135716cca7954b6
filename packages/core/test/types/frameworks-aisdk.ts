// Type tests (checked by `tsc -p tsconfig.json`): the AI SDK and MCP glue of the core README's
// "Agent frameworks" snippets (framework-readme.test.ts checks that each of their lines is here).
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { type ToolDefinition, type ToolRegistry, toAiSdkTools, toMcpCallToolResult, toMcpTools } from '@toolreg/core'
import { generateText, jsonSchema, stepCountIs, type ToolSet } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'

declare const defs: ToolDefinition[]
declare const registry: ToolRegistry
const user = 'ada'

export async function aiSdk() {
  const model = new MockLanguageModelV3()
  const tools = toAiSdkTools(defs, { jsonSchema, registry })
  await generateText({ model, tools, prompt: 'hello', experimental_context: { user }, stopWhen: stepCountIs(5) })
  const set: ToolSet = toAiSdkTools(defs, { jsonSchema })
  return set
}

export function mcp() {
  const server = new Server({ name: 'tools', version: '1.0.0' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toMcpTools(defs, { registry }) }))
  server.setRequestHandler(CallToolRequestSchema, async ({ params }, { signal }) =>
    toMcpCallToolResult(
      await registry.dispatch(params.name, params.arguments, { signal }),
      registry.getEntry(params.name),
    ),
  )
  return server
}
