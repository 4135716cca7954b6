// Listing edge cases against a low-level SDK `Server` linked in memory: pagination, odd names, failures, refresh queueing.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ToolListChangedNotificationSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js'
import { attachMcpServer } from '@toolreg/mcp'
import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from './helpers.js'
import { newRegistry } from './fixtures.js'

interface Fixture {
  server: Server
  client: Client
  tools: Tool[]
  listings: number
  maxConcurrent: number
  /** While set, `tools/list` waits for it. */
  gate?: Promise<void>
  /** Answers `tools/list` for a cursor; default: all of `tools` on one page. */
  page?: (cursor: string | undefined) => { tools: Tool[]; nextCursor?: string }
}

const open: Fixture[] = []
afterEach(async () => {
  for (const f of open.splice(0)) await f.client.close()
})

const tool = (name: string, extra: Partial<Tool> = {}): Tool => ({
  name,
  inputSchema: { type: 'object', properties: {} },
  ...extra,
})

async function linked(tools: Tool[], client = new Client({ name: 'test', version: '1' })): Promise<Fixture> {
  const server = new Server({ name: 'mem', version: '1' }, { capabilities: { tools: { listChanged: true } } })
  const f: Fixture = { server, client, tools, listings: 0, maxConcurrent: 0 }
  let running = 0
  server.setRequestHandler(ListToolsRequestSchema, async request => {
    f.listings++
    f.maxConcurrent = Math.max(f.maxConcurrent, ++running)
    try {
      // The answer is what the server had when asked, even if the gate holds it back.
      const answer = f.page ? f.page(request.params?.cursor) : { tools: f.tools }
      await f.gate
      return answer
    } finally {
      running--
    }
  })
  server.setRequestHandler(CallToolRequestSchema, request => ({
    content: [{ type: 'text', text: `called ${request.params.name}` }],
  }))
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  await client.connect(clientSide)
  open.push(f)
  return f
}

function gated(f: Fixture): () => void {
  let release!: () => void
  f.gate = new Promise(resolve => (release = resolve))
  return () => {
    f.gate = undefined
    release()
  }
}

describe('listing', () => {
  it('follows nextCursor across pages and drops a top-level $schema', async () => {
    const f = await linked([])
    const pages: Record<string, { tools: Tool[]; nextCursor?: string }> = {
      start: { tools: [tool('a'), tool('b')], nextCursor: 'p2' },
      p2: {
        tools: [
          tool('c', {
            inputSchema: {
              type: 'object',
              $schema: 'http://json-schema.org/draft-07/schema#',
              properties: { q: { type: 'string' } },
            },
          }),
        ],
        nextCursor: 'p3',
      },
      p3: { tools: [tool('d')] },
    }
    f.page = cursor => pages[cursor ?? 'start']
    const { registry } = newRegistry()
    const attachment = await attachMcpServer(registry, f.client, { server: 'mem' })
    expect(attachment.toolNames).toEqual(['mcp__mem__a', 'mcp__mem__b', 'mcp__mem__c', 'mcp__mem__d'])
    expect(registry.getEntry('mcp__mem__c')?.schema.parameters).toEqual({
      type: 'object',
      properties: { q: { type: 'string' } },
    })
    expect(f.listings).toBe(3)
  })

  it('sanitizes names; the first of two tools mapping to one name wins, the other is warned about', async () => {
    const f = await linked([tool('a.b'), tool('a-b'), tool('ünï/code')])
    const { registry, log } = newRegistry()
    const attachment = await attachMcpServer(registry, f.client, { server: 'my.srv' })
    expect(attachment.toolNames).toEqual(['mcp__my_srv___n__code', 'mcp__my_srv__a_b'])
    expect(registry.getEntry('mcp__my_srv__a_b')?.toolset).toBe('mcp-my.srv')
    expect(registry.getToolsetAliasTarget('my.srv')).toBe('mcp-my.srv')
    expect(await registry.dispatch('mcp__my_srv__a_b', {})).toBe('called a.b')
    expect(
      log.texts('warn').some(t => t.includes('"a-b"') && t.includes('"a.b"') && t.includes('mcp__my_srv__a_b')),
    ).toBe(true)
  })

  it('a tool whose inputSchema is not an object schema is skipped with a warning; the rest of the server attaches', async () => {
    const bad = [
      tool('array_input', { inputSchema: { type: 'array' } as unknown as Tool['inputSchema'] }),
      tool('no_type', { inputSchema: { properties: {} } as unknown as Tool['inputSchema'] }),
      { name: 'null_schema', inputSchema: null } as unknown as Tool,
    ]
    const f = await linked([tool('good'), ...bad, tool('also_good')])
    // The SDK's own listTools refuses the whole page for one such tool.
    await expect(f.client.listTools()).rejects.toThrow()
    const { registry, log } = newRegistry()
    const attachment = await attachMcpServer(registry, f.client, { server: 'mixed' })
    expect(attachment.toolNames).toEqual(['mcp__mixed__also_good', 'mcp__mixed__good'])
    expect(await registry.dispatch('mcp__mixed__good', {})).toBe('called good')
    const warnings = log.texts('warn')
    for (const name of ['array_input', 'no_type', 'null_schema']) {
      expect(warnings.some(t => t.includes(`"${name}"`) && t.includes("type: 'object'"))).toBe(true)
    }
  })

  it('a server without the tools capability still gets its utility tools', async () => {
    const server = new Server({ name: 'docs', version: '1' }, { capabilities: { resources: {} } })
    server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [{ uri: 'doc://a', name: 'a' }] }))
    const client = new Client({ name: 'test', version: '1' })
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await server.connect(serverSide)
    await client.connect(clientSide)
    try {
      const { registry } = newRegistry()
      const attachment = await attachMcpServer(registry, client, { server: 'docs' })
      expect(attachment.toolNames).toEqual(['mcp__docs__list_resources', 'mcp__docs__read_resource'])
      expect(registry.getToolsetAliasTarget('docs')).toBe('mcp-docs')
      expect(JSON.parse((await registry.dispatch('mcp__docs__list_resources', {})) as string).resources[0].uri).toBe(
        'doc://a',
      )
    } finally {
      await client.close()
    }
  })

  it('registers no alias when no tool registered', async () => {
    const f = await linked([tool('x')])
    const { registry } = newRegistry()
    const attachment = await attachMcpServer(registry, f.client, { server: 'mem', include: [] })
    expect(attachment.toolNames).toEqual([])
    expect(registry.getToolsetAliasTarget('mem')).toBeUndefined()
    expect(registry.generation).toBe(0)
  })

  it('a failing first listing rejects and leaves the registry and the client as they were', async () => {
    const f = await linked([])
    f.page = () => {
      throw new Error('listing broke')
    }
    const seen: string[] = []
    f.client.setNotificationHandler(ToolListChangedNotificationSchema, n => {
      seen.push(n.method)
    })
    const onclose = () => {}
    f.client.onclose = onclose
    const { registry } = newRegistry()
    await expect(attachMcpServer(registry, f.client, { server: 'mem' })).rejects.toThrow(/listing broke/)
    expect(registry.generation).toBe(0)
    expect(f.client.onclose).toBe(onclose)
    const listings = f.listings
    await f.server.sendToolListChanged()
    await waitFor(() => seen.length === 1, 'the previous handler')
    expect(f.listings).toBe(listings)
  })

  it('a repeated pagination cursor rejects instead of looping', async () => {
    const f = await linked([])
    f.page = () => ({ tools: [tool('a')], nextCursor: 'same' })
    const { registry } = newRegistry()
    await expect(attachMcpServer(registry, f.client, { server: 'mem' })).rejects.toThrow(
      /repeated the tools\/list cursor/,
    )
    expect(registry.getAllToolNames()).toEqual([])
  })

  it('programming errors in the options throw TypeError', async () => {
    const f = await linked([tool('a')])
    const { registry } = newRegistry()
    const bad = [
      { server: '' },
      { server: 'x', include: 'a' },
      { server: 'x', exclude: [1] },
      { server: 'x', timeoutMs: 0 },
      { server: 'x', utilities: 'no' },
    ]
    for (const options of bad) {
      await expect(attachMcpServer(registry, f.client, options as never)).rejects.toBeInstanceOf(TypeError)
    }
    expect(registry.generation).toBe(0)
  })
})

describe('refresh', () => {
  it('never overlaps: one run, at most one queued, whatever the number of notifications', async () => {
    const f = await linked([tool('a')])
    const notified: number[] = []
    f.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      notified.push(Date.now())
    })
    const { registry, log } = newRegistry()
    const attachment = await attachMcpServer(registry, f.client, { server: 'mem' })
    expect(f.listings).toBe(1)

    const release = gated(f)
    f.tools = [tool('a'), tool('b')]
    for (let i = 0; i < 5; i++) await f.server.sendToolListChanged()
    await waitFor(() => notified.length === 5 && f.listings === 2, 'the first refresh to block')
    for (let i = 0; i < 5; i++) await f.server.sendToolListChanged()
    await waitFor(() => notified.length === 10, 'every notification to be handled')
    f.tools = [tool('b'), tool('c')]
    release()
    await waitFor(() => log.texts('warn').filter(t => t.includes('tools changed')).length === 2, 'both refreshes')
    expect(f.listings).toBe(3)
    expect(f.maxConcurrent).toBe(1)
    expect(attachment.toolNames).toEqual(['mcp__mem__b', 'mcp__mem__c'])
    const changes = log.texts('warn').filter(t => t.includes('tools changed'))
    expect(changes[0]).toMatch(/added: mcp__mem__b; removed: \(none\)/)
    expect(changes[1]).toMatch(/added: mcp__mem__c; removed: mcp__mem__a/)
  })

  it('refresh() applies the current listing and resolves after it', async () => {
    const f = await linked([tool('a')])
    const { registry } = newRegistry()
    const attachment = await attachMcpServer(registry, f.client, { server: 'mem' })
    f.tools = [tool('z', { description: 'new description' })]
    await attachment.refresh()
    expect(attachment.toolNames).toEqual(['mcp__mem__z'])
    expect(registry.getEntry('mcp__mem__z')?.schema.description).toBe('new description')
    f.tools = [tool('z', { description: 'changed in place' })]
    await attachment.refresh()
    expect(registry.getEntry('mcp__mem__z')?.schema.description).toBe('changed in place')
  })

  it('detach during a refresh: the refresh registers nothing and detach waits for it', async () => {
    const f = await linked([tool('a')])
    const { registry } = newRegistry()
    const attachment = await attachMcpServer(registry, f.client, { server: 'mem' })
    const release = gated(f)
    f.tools = [tool('a'), tool('b')]
    const refreshing = attachment.refresh()
    await waitFor(() => f.listings === 2, 'the refresh to start listing')
    let detached = false
    const detaching = attachment.detach().then(() => (detached = true))
    expect(registry.getAllToolNames()).toEqual([])
    expect(detached).toBe(false)
    release()
    await refreshing
    await detaching
    expect(registry.getAllToolNames()).toEqual([])
    expect(registry.getToolsetAliasTarget('mem')).toBeUndefined()
  })

  it('two attachments on one client chain in turn; detaching the first keeps the second in step', async () => {
    const f = await linked([tool('a')])
    const seen: string[] = []
    f.client.setNotificationHandler(ToolListChangedNotificationSchema, n => {
      seen.push(n.method)
    })
    const { registry } = newRegistry()
    const one = await attachMcpServer(registry, f.client, { server: 'one' })
    const two = await attachMcpServer(registry, f.client, { server: 'two' })
    await one.detach()
    f.tools = [tool('a'), tool('b')]
    await f.server.sendToolListChanged()
    await waitFor(
      () => seen.length === 1 && registry.has('mcp__two__b'),
      'the second attachment and the original handler',
    )
    expect(one.toolNames).toEqual([])
    expect(registry.getAllToolNames()).toEqual(['mcp__two__a', 'mcp__two__b'])
    await two.detach()
    const generation = registry.generation
    await f.server.sendToolListChanged()
    await waitFor(() => seen.length === 2, 'the original handler after both detached')
    expect(registry.generation).toBe(generation)
    expect(registry.getAllToolNames()).toEqual([])
  })

  it('chains to the SDK listChanged auto-refresh the client was built with', async () => {
    const changes: string[][] = []
    const client = new Client(
      { name: 'test', version: '1' },
      {
        listChanged: {
          tools: { debounceMs: 0, onChanged: (_error, tools) => changes.push((tools ?? []).map(t => t.name)) },
        },
      },
    )
    const f = await linked([tool('a')], client)
    const { registry } = newRegistry()
    const attachment = await attachMcpServer(registry, f.client, { server: 'mem' })
    f.tools = [tool('a'), tool('b')]
    await f.server.sendToolListChanged()
    await waitFor(() => changes.length === 1 && registry.has('mcp__mem__b'), 'both the SDK callback and the bridge')
    expect(changes[0]).toEqual(['a', 'b'])
    await attachment.detach()
    f.tools = [tool('c')]
    await f.server.sendToolListChanged()
    await waitFor(() => changes.length === 2, 'the SDK callback after detach')
    expect(changes[1]).toEqual(['c'])
    expect(registry.getAllToolNames()).toEqual([])
  })
})

describe('tools/list_changed through public API only', () => {
  it('a handler the client sets after attaching still runs, and the bridge follows too', async () => {
    const f = await linked([tool('a')])
    const { registry } = newRegistry()
    const attachment = await attachMcpServer(registry, f.client, { server: 'mem' })
    const seen: string[] = []
    f.client.setNotificationHandler(ToolListChangedNotificationSchema, n => {
      seen.push(n.method)
    })
    f.tools = [tool('a'), tool('b')]
    await f.server.sendToolListChanged()
    await waitFor(() => seen.length === 1 && registry.has('mcp__mem__b'), 'the later handler and the bridge')
    await attachment.detach()
  })
})
