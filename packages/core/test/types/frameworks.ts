// Type tests (checked by `tsc -p tsconfig.json`): each agent-framework adapter fits the framework's
// own types with no cast, handed the framework's factory as it is. Every line of the core README's
// "Agent frameworks" snippets is a line of this file (framework-readme.test.ts checks it).
import type { StructuredTool } from '@langchain/core/tools'
import { MemorySaver } from '@langchain/langgraph'
import { type ToolDefinition, type ToolRegistry, toLangChainTools, toOpenAIAgentsTools } from '@toolreg/core'
import { Agent, type FunctionTool, run, tool as agentsTool } from '@openai/agents'
import { type BaseMessage, createAgent, fakeModel, tool } from 'langchain'

declare const defs: ToolDefinition[]
declare const registry: ToolRegistry
declare const messages: BaseMessage[]
const user = 'ada'

export async function langchain() {
  const model = fakeModel()
  const checkpointer = new MemorySaver()
  const agent = createAgent({ model, tools: toLangChainTools(defs, { tool, registry }), checkpointer })
  await agent.invoke({ messages }, { context: { user }, configurable: { thread_id: '1' } })
  const tools: StructuredTool[] = toLangChainTools(defs, { tool })
  return tools
}

export async function openaiAgents() {
  const agent = new Agent({ name: 'assistant', tools: toOpenAIAgentsTools(defs, { tool: agentsTool, registry }) })
  await run(agent, 'hello', { context: { user } })
  const tools: FunctionTool[] = toOpenAIAgentsTools(defs, { tool: agentsTool })
  return tools
}
