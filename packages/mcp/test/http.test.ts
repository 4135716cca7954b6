// The bridge against the demo MCP server over Streamable HTTP on loopback (a child process, port 0).
import { attachMcpServer } from '@toolreg/mcp'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, startHttpServer, waitFor } from './helpers.js'
import { attach, demoNames, envelopeError, newRegistry } from './fixtures.js'

afterEach(cleanup)

describe('tools of a Streamable HTTP server', () => {
  it('register under the prefix, toolset and alias, and round-trip calls', async () => {
    const http = await startHttpServer(['--resources'])
    const { registry, attachment } = await attach(await http.connect(), { server: 'web' })
    expect(attachment.toolNames).toEqual(
      demoNames('web', ['list_resources', 'read_resource', ...(await namesOf(http))]),
    )
    expect(registry.getToolsetAliasTarget('web')).toBe('mcp-web')
    expect(await registry.dispatch('mcp__web__echo', { text: 'over http' })).toBe('over http')
    expect(await registry.dispatch('mcp__web__structured', {})).toBe('{"ok":true,"count":3}')
    expect(await registry.dispatch('mcp__web__read_resource', { uri: 'memo://greeting' })).toBe('hello from a resource')
    expect(envelopeError(await registry.dispatch('mcp__web__fail', {}))).toBe(
      '[TOOL_ERROR] Tool execution failed: McpToolError: disk quota exceeded on server',
    )
    expect(envelopeError(await registry.dispatch('mcp__web__explode', {}))).toContain('kaboom from the server')
  })

  it('follow tools/list_changed sent on the standalone SSE stream', async () => {
    const http = await startHttpServer()
    const { registry, attachment, log } = await attach(await http.connect(), { server: 'web' })
    expect(await registry.dispatch('mcp__web__add_tool', { name: 'late' })).toBe('added')
    await waitFor(() => registry.has('mcp__web__late'), 'the added tool')
    expect(await registry.dispatch('mcp__web__late', {})).toBe('dynamic late answers')
    expect(await registry.dispatch('mcp__web__remove_tool', { name: 'late' })).toBe('removed')
    await waitFor(() => !registry.has('mcp__web__late'), 'the removed tool to go')
    expect(attachment.toolNames).toEqual(demoNames('web'))
    expect(registry.getToolsetAliasTarget('web')).toBe('mcp-web')
    expect(log.texts('warn').join('\n')).toMatch(/removed: mcp__web__late/)
  })

  it('two attachments under one server name: the last one answers, the first detaches nothing of it', async () => {
    const http = await startHttpServer()
    const { registry } = newRegistry()
    const clientA = await http.connect()
    const clientB = await http.connect()
    const a = await attachMcpServer(registry, clientA, { server: 'web' })
    const b = await attachMcpServer(registry, clientB, { server: 'web' })
    expect(a.toolNames).toEqual([])
    expect(b.toolNames).toEqual(demoNames('web'))
    // Each HTTP session has its own server state: a tool added through the registry exists only in B's session.
    expect(await registry.dispatch('mcp__web__add_tool', { name: 'probe' })).toBe('added')
    expect((await clientB.listTools()).tools.map(t => t.name)).toContain('probe')
    expect((await clientA.listTools()).tools.map(t => t.name)).not.toContain('probe')
    await waitFor(() => registry.has('mcp__web__probe'), 'B to register the probe')
    await a.detach()
    expect(registry.resolveToolset('web')).toEqual(b.toolNames)
    expect(b.toolNames).toContain('mcp__web__probe')
    await b.detach()
    expect(registry.getAllToolNames()).toEqual([])
    expect(registry.getToolsetAliasTarget('web')).toBeUndefined()
  })

  it('closing the client takes the tools out of the definitions', async () => {
    const http = await startHttpServer()
    const client = await http.connect()
    const { registry } = await attach(client, { server: 'web' })
    expect((await registry.getToolDefinitions()).length).toBe(demoNames('web').length)
    await client.close()
    expect(await registry.getToolDefinitions()).toEqual([])
    expect(registry.getEntry('mcp__web__echo')?.checkFn?.()).toBe(false)
  })
})

async function namesOf(http: Awaited<ReturnType<typeof startHttpServer>>): Promise<string[]> {
  const client = await http.connect()
  return (await client.listTools()).tools.map(t => t.name)
}
