// Type test (checked by `tsc -p tsconfig.json`): toMastraTools fits Mastra's own types with no
// cast, handed `createTool` as it is. The core README's Mastra snippet is made of these lines
// (framework-readme.test.ts checks it); a file of its own, since Mastra's `Agent` is named as
// OpenAI Agents' is.
import { Agent } from '@mastra/core/agent'
import { RequestContext } from '@mastra/core/request-context'
import { createTool, type Tool } from '@mastra/core/tools'
import { type ToolDefinition, type ToolRegistry, toMastraTools } from '@toolreg/core'
import { MockLanguageModelV3 } from 'ai/test'

declare const defs: ToolDefinition[]
declare const registry: ToolRegistry
const user = 'ada'

export async function mastra() {
  const model = new MockLanguageModelV3()
  const tools = toMastraTools(defs, { createTool, registry })
  const agent = new Agent({ id: 'assistant', name: 'assistant', instructions: 'help', model, tools })
  await agent.generate('hello', { requestContext: new RequestContext([['user', user]]) })
  const record: Record<string, Tool> = toMastraTools(defs, { createTool })
  return record
}
