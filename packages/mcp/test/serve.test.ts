// serveMcp (README "Serving a registry"): one call exposes a registry to a real SDK client —
// listing with annotations and output schemas, structured results, progress, cancellation, errors.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { ToolRegistry } from '@toolreg/core'
import { validator } from '@toolreg/core/validate'
import { serveMcp, type ServeMcpOptions } from '@toolreg/mcp'
import { afterEach, describe, expect, it } from 'vitest'
import { recordingLogger } from './helpers.js'

const OUT = { type: 'object', properties: { temp: { type: 'number' } }, required: ['temp'] }

function world() {
  const registry = new ToolRegistry({ logger: recordingLogger().logger, validator })
  const aborted: unknown[] = []
  registry.register({
    name: 'weather',
    toolset: 'w',
    schema: { description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
    annotations: { readOnlyHint: true },
    outputSchema: OUT,
    handler: ({ city }) => ({ temp: city === 'Oslo' ? 3 : 'warm' }),
  })
  registry.register({
    name: 'crawl',
    toolset: 'w',
    schema: {},
    async *handler() {
      yield 'page 1'
      yield { pages: 2 }
      yield 'crawled 2 pages'
    },
  })
  registry.register({
    name: 'wait',
    toolset: 'w',
    schema: {},
    handler: (_a, ctx) =>
      new Promise(resolve => ctx.signal?.addEventListener('abort', () => resolve(aborted.push(ctx.signal!.reason)))),
  })
  registry.register({ name: 'rm', toolset: 'fs', schema: {}, needsApproval: true, handler: () => 'gone' })
  return { registry, aborted }
}

const clients: Client[] = []
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close()
})

async function connect(registry: ToolRegistry, options?: ServeMcpOptions, high = false) {
  const server = high
    ? new McpServer({ name: 'toolreg', version: '1' }, { capabilities: { tools: {} } })
    : new Server({ name: 'toolreg', version: '1' }, { capabilities: { tools: {} } })
  serveMcp(server, registry, options)
  const client = new Client({ name: 'test', version: '1' })
  const [a, b] = InMemoryTransport.createLinkedPair()
  await server.connect(b)
  await client.connect(a)
  clients.push(client)
  return client
}

describe('serveMcp', () => {
  it('a change of the registry’s tools sends one tools/list_changed; a connected server is refused', async () => {
    const { registry } = world()
    const client = await connect(registry)
    let changed = 0
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++)
    registry.register({ name: 'a', toolset: 'x', schema: {}, handler: () => 'a' })
    registry.register({ name: 'b', toolset: 'x', schema: {}, handler: () => 'b' })
    await new Promise(r => setTimeout(r, 50))
    expect(changed).toBe(1)
    expect((await client.listTools()).tools.map(t => t.name)).toContain('b')
    const connected = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } })
    await connected.connect(InMemoryTransport.createLinkedPair()[1])
    expect(() => serveMcp(connected, registry)).toThrow('serveMcp: call it before the server connects')
    await connected.close()
  })

  it('lists every tool with its annotations and output schema', async () => {
    const client = await connect(world().registry)
    const { tools } = await client.listTools()
    expect(tools.map(t => t.name)).toEqual(['crawl', 'rm', 'wait', 'weather'])
    expect(tools.find(t => t.name === 'weather')).toMatchObject({
      annotations: { readOnlyHint: true },
      outputSchema: OUT,
    })
  })

  it('a validated object is structuredContent (the SDK client checks it); an invalid one is isError without it', async () => {
    const client = await connect(world().registry)
    expect(await client.callTool({ name: 'weather', arguments: { city: 'Oslo' } })).toMatchObject({
      structuredContent: { temp: 3 },
      isError: false,
    })
    const bad = await client.callTool({ name: 'weather', arguments: { city: 'Rome' } })
    expect(bad.isError).toBe(true)
    expect(bad).not.toHaveProperty('structuredContent')
  })

  it('progress reaches the client as notifications/progress when it asks', async () => {
    const client = await connect(world().registry)
    const seen: unknown[] = []
    const r = await client.callTool({ name: 'crawl', arguments: {} }, undefined, { onprogress: p => seen.push(p) })
    expect(r.content).toEqual([{ type: 'text', text: 'crawled 2 pages' }])
    expect(seen).toEqual([
      { progress: 1, message: 'page 1' },
      { progress: 2, message: '{"pages":2}' },
    ])
  })

  it('a client’s cancellation aborts the handler’s ctx.signal', async () => {
    const { registry, aborted } = world()
    const client = await connect(registry)
    const controller = new AbortController()
    const call = client.callTool({ name: 'wait', arguments: {} }, undefined, { signal: controller.signal })
    setTimeout(() => controller.abort('user left'), 50)
    await expect(call).rejects.toThrow()
    await new Promise(r => setTimeout(r, 50))
    expect(aborted).toHaveLength(1)
  })

  it('errors are isError results: an unknown tool, approval without an approver; with ctx.approve it runs', async () => {
    const client = await connect(world().registry)
    expect(await client.callTool({ name: 'nope', arguments: {} })).toMatchObject({ isError: true })
    expect(await client.callTool({ name: 'rm', arguments: {} })).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: '{"error":"[APPROVAL_REQUIRED] Tool rm needs approval"}' }],
    })
    const approving = await connect(world().registry, { ctx: { approve: () => true } }, true)
    expect(await approving.callTool({ name: 'rm', arguments: {} })).toMatchObject({
      isError: false,
      content: [{ type: 'text', text: 'gone' }],
    })
  })
})
