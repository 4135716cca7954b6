// A deferred MCP toolset's surface keeps its bytes when the server re-lists its tools in
// another order (prompt caches key on the tools' bytes).
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js'
import { createToolSurface, toAnthropicSurface, toOpenAIResponsesSurface } from '@toolreg/core'
import { afterEach, expect, it } from 'vitest'
import { attach } from './fixtures.js'

const closing: Client[] = []
afterEach(async () => {
  for (const c of closing.splice(0)) await c.close()
})

const tool = (name: string, description: string): Tool => ({
  name,
  description,
  inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'query' } }, required: ['q'] },
})
const TOOLS = [
  tool('search_docs', 'Search the docs'),
  tool('get_page', 'Read one page'),
  tool('list_spaces', 'List spaces'),
]

it('gives the same definitions, in bytes, after the server re-lists its tools in reverse order', async () => {
  let listed = TOOLS
  const server = new Server({ name: 'docs', version: '1' }, { capabilities: { tools: { listChanged: true } } })
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }))
  const client = new Client({ name: 'test', version: '1' })
  const [a, b] = InMemoryTransport.createLinkedPair()
  await server.connect(b)
  await client.connect(a)
  closing.push(client)
  const { registry, attachment } = await attach(client)
  const toolset = registry.getToolsetForTool(registry.getAllToolNames()[0]!)!
  const bytes = async () => {
    const s = createToolSurface(registry, { defer: { toolsets: [toolset] } })
    return JSON.stringify([
      await s.initial(),
      await toAnthropicSurface(s),
      await toOpenAIResponsesSurface(s, { execution: 'server', namespaces: true }),
    ])
  }
  const first = await bytes()
  expect(first).toContain('"defer_loading":true')
  listed = [...TOOLS].reverse()
  await attachment.refresh()
  expect(await bytes()).toBe(first)
})
