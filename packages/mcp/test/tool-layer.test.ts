// The tool layer over MCP with the real SDK client and server (README "Results" and the core
// README "Approval, limits, progress and structured output"): a registry served over MCP lists
// annotations and output schemas, answers structuredContent and sends progress; @toolreg/mcp
// keeps a server's structuredContent, annotations and output schema, and forwards its progress.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { ToolRegistry, toMcpCallToolResult, toMcpTools } from '@toolreg/core'
import { validator } from '@toolreg/core/validate'
import { attachMcpServer } from '@toolreg/mcp'
import { afterEach, describe, expect, it } from 'vitest'
import { recordingLogger } from './helpers.js'

const WEATHER_OUT = {
  type: 'object',
  properties: { city: { type: 'string' }, temp: { type: 'number' } },
  required: ['city', 'temp'],
}

/** A registry with a structured tool and a streaming one. */
function source() {
  const registry = new ToolRegistry({ logger: recordingLogger().logger, validator })
  registry.register({
    name: 'weather',
    toolset: 'w',
    schema: { description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
    annotations: { title: 'Weather', readOnlyHint: true, openWorldHint: true },
    outputSchema: WEATHER_OUT,
    handler: ({ city }) => ({ city, temp: city === 'Oslo' ? 3 : 'warm' }),
  })
  registry.register({
    name: 'crawl',
    toolset: 'w',
    schema: { description: 'Crawl' },
    annotations: { destructiveHint: false },
    handler: async function* () {
      yield 'page 1'
      yield 'page 2'
      yield 'crawled 2 pages'
    },
  })
  return registry
}

/** Serves a registry over MCP the way an app does with the core adapters. */
function serve(registry: ToolRegistry) {
  const server = new Server({ name: 'toolreg', version: '1' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: toMcpTools(await registry.getToolDefinitions(), { registry }),
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args, _meta } = request.params
    const token = _meta?.progressToken
    let n = 0
    const result = await registry.dispatch(name, args, {
      signal: extra.signal,
      toolCallId: String(extra.requestId),
      onProgress: value =>
        token !== undefined &&
        void extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress: ++n, message: String(value) },
        }),
    })
    return toMcpCallToolResult(result, registry.getEntry(name))
  })
  return server
}

const clients: Client[] = []
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close()
})

async function connect(server: Server) {
  const client = new Client({ name: 'test', version: '1' })
  const [a, b] = InMemoryTransport.createLinkedPair()
  await server.connect(b)
  await client.connect(a)
  clients.push(client)
  return client
}

describe('a registry served over MCP', () => {
  it('tools/list carries annotations and outputSchema; tools/call answers structuredContent the SDK validates', async () => {
    const client = await connect(serve(source()))
    const { tools } = await client.listTools()
    const weather = tools.find(t => t.name === 'weather')!
    expect(weather.annotations).toEqual({ title: 'Weather', readOnlyHint: true, openWorldHint: true })
    expect(weather.outputSchema).toEqual(WEATHER_OUT)
    expect(tools.find(t => t.name === 'crawl')!.outputSchema).toBeUndefined()
    // The SDK client checks structuredContent against the listed outputSchema.
    const ok = await client.callTool({ name: 'weather', arguments: { city: 'Oslo' } })
    expect(ok).toMatchObject({
      isError: false,
      structuredContent: { city: 'Oslo', temp: 3 },
      content: [{ type: 'text', text: '{"city":"Oslo","temp":3}' }],
    })
    const bad = await client.callTool({ name: 'weather', arguments: { city: 'Rome' } })
    expect(bad.isError).toBe(true)
    expect(bad.structuredContent).toBeUndefined()
    expect((bad.content as { text: string }[])[0]!.text).toMatch(/invalid output of tool weather: temp/)
  })

  it('progress: a streaming handler sends notifications/progress to a request with a progressToken', async () => {
    const client = await connect(serve(source()))
    const seen: unknown[] = []
    const r = await client.callTool({ name: 'crawl', arguments: {} }, undefined, { onprogress: p => seen.push(p) })
    expect(r.content).toEqual([{ type: 'text', text: 'crawled 2 pages' }])
    expect(seen).toEqual([
      { progress: 1, message: 'page 1' },
      { progress: 2, message: 'page 2' },
    ])
  })
})

describe('@toolreg/mcp', () => {
  it("keeps a server's annotations, outputSchema and structuredContent, and forwards its progress", async () => {
    const client = await connect(serve(source()))
    // No tool layer here: the bridge installs it (its tools carry an output schema).
    const registry = new ToolRegistry({ logger: recordingLogger().logger, validator })
    const attachment = await attachMcpServer(registry, client, { server: 'up', utilities: false })
    expect(attachment.toolNames).toEqual(['mcp__up__crawl', 'mcp__up__weather'])
    const entry = registry.getEntry('mcp__up__weather')!
    expect(entry.annotations).toEqual({ title: 'Weather', readOnlyHint: true, openWorldHint: true })
    expect(entry.outputSchema).toEqual(WEATHER_OUT)
    const r = await registry.dispatch('mcp__up__weather', { city: 'Oslo' })
    expect(r).toBe('{"city":"Oslo","temp":3}')
    expect(toMcpCallToolResult(r, entry).structuredContent).toEqual({ city: 'Oslo', temp: 3 })
    // …and serves it on: the bridged tool lists with its annotations and output schema.
    const [listed] = toMcpTools(await registry.getDefinitions(['mcp__up__weather']), { registry })
    expect(listed).toMatchObject({ annotations: { readOnlyHint: true }, outputSchema: WEATHER_OUT })
    const progress: unknown[] = []
    expect(await registry.dispatch('mcp__up__crawl', {}, { onProgress: p => progress.push(p) })).toBe('crawled 2 pages')
    expect(progress).toEqual([
      { progress: 1, message: 'page 1' },
      { progress: 2, message: 'page 2' },
    ])
    await attachment.detach()
  })
})
