// What the bridge logs by default: warnings only (the default logger is `console`), and a
// warning for include/exclude names that match no tool of the server.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { attachMcpServer } from '@toolreg/mcp'
import { afterEach, describe, expect, it } from 'vitest'
import { newRegistry } from './fixtures.js'

const clients: Client[] = []
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close()
})

async function serverWith(names: string[]): Promise<Client> {
  const server = new Server({ name: 'mem', version: '1' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: names.map(name => ({ name, inputSchema: { type: 'object' as const, properties: {} } })),
  }))
  const client = new Client({ name: 'test', version: '1' })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  await client.connect(clientSide)
  clients.push(client)
  return client
}

describe('logging', () => {
  it('attach, refresh and detach log no info or debug line by default', async () => {
    const { registry, log } = newRegistry()
    const attachment = await attachMcpServer(registry, await serverWith(['echo', 'get-sum']), { server: 'everything' })
    await attachment.refresh()
    await attachment.detach()
    expect(log.records).toEqual([])
  })

  it('verbose: true logs them', async () => {
    const { registry, log } = newRegistry()
    const attachment = await attachMcpServer(registry, await serverWith(['echo']), {
      server: 'everything',
      verbose: true,
    })
    await attachment.refresh()
    await attachment.detach()
    expect(log.records.map(r => r.level)).toEqual(['info', 'debug', 'info'])
    expect(log.texts('info')[0]).toBe(
      '@toolreg/mcp: server "everything": attached 1 tool(s) as toolset "mcp-everything"',
    )
  })

  it('include/exclude names that match no tool: one warning naming them and what the server has', async () => {
    const include = newRegistry()
    const a = await attachMcpServer(include.registry, await serverWith(['echo', 'get-sum']), {
      server: 'everything',
      include: ['echo', 'add', 'longRunningOperation'],
    })
    expect(a.toolNames).toEqual(['mcp__everything__echo'])
    expect(include.log.texts('warn')).toEqual([
      '@toolreg/mcp: server "everything": include names no tool of the server: add, longRunningOperation (it has: echo, get-sum)',
    ])
    await a.refresh()
    expect(include.log.texts('warn')).toHaveLength(1)

    const exclude = newRegistry()
    await attachMcpServer(exclude.registry, await serverWith(['echo']), {
      server: 'everything',
      exclude: ['echo', 'add'],
    })
    expect(exclude.log.texts('warn')).toEqual([
      '@toolreg/mcp: server "everything": exclude names no tool of the server: add (it has: echo)',
    ])

    const matching = newRegistry()
    await attachMcpServer(matching.registry, await serverWith(['echo']), { server: 'everything', exclude: ['echo'] })
    expect(matching.log.records).toEqual([])
  })

  it('verbose must be a boolean', async () => {
    const { registry } = newRegistry()
    await expect(
      attachMcpServer(registry, await serverWith([]), { server: 's', verbose: 'yes' as unknown as boolean }),
    ).rejects.toThrow(TypeError)
  })
})
