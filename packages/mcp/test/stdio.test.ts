// The bridge against the demo MCP server running as a child process over stdio.
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, startStdioServer, waitFor } from './helpers.js'
import { attach, demoNames, envelopeError } from './fixtures.js'

afterEach(cleanup)

// A 1×1 red PNG, the same bytes servers/demo.mjs sends.
const RED_DOT = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='

describe('tools of a stdio server', () => {
  it('register with prefixed sanitized names, the raw-name toolset and the alias', async () => {
    const { client } = await startStdioServer()
    const { registry, attachment } = await attach(client, { server: 'demo-1' })
    const expected = demoNames('demo_1')
    expect(attachment.toolNames).toEqual(expected)
    for (const name of expected) expect(registry.getEntry(name)?.toolset).toBe('mcp-demo-1')
    expect(registry.getToolsetAliasTarget('demo-1')).toBe('mcp-demo-1')
    expect(registry.resolveToolset('demo-1')).toEqual(expected)
    expect(registry.getToolNamesForToolset('mcp-demo-1')).toEqual(expected)
  })

  it('carry the server schema without $schema, and a default description and parameters', async () => {
    const { client } = await startStdioServer()
    const { registry } = await attach(client)
    const defs = await registry.getToolDefinitions({ enabledToolsets: ['demo'] })
    const byName = new Map(defs.map(d => [d.function.name, d.function]))
    const echo = byName.get('mcp__demo__echo')
    expect(echo?.description).toBe('Echo the text back')
    expect(echo?.parameters).toEqual({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] })
    expect(byName.get('mcp__demo__bare')?.description).toBe('MCP tool bare from demo')
    expect(byName.get('mcp__demo__lines')?.parameters).toEqual({ type: 'object', properties: {} })
  })

  it('round-trip arguments and map text, multimodal and structured results', async () => {
    const { client } = await startStdioServer()
    const { registry } = await attach(client)
    expect(await registry.dispatch('mcp__demo__echo', { text: 'héllo wörld' })).toBe('héllo wörld')
    expect(await registry.dispatch('mcp__demo__add', '{"a": 2, "b": 40}')).toBe('42')
    expect(await registry.dispatch('mcp__demo__lines', {})).toBe('first line\nsecond line')
    expect(await registry.dispatch('mcp__demo__structured', {})).toBe('{"ok":true,"count":3}')
    expect(await registry.dispatch('mcp__demo__picture', {})).toEqual({
      _multimodal: true,
      content: [
        { type: 'text', text: 'a red dot' },
        { type: 'image', data: RED_DOT, mimeType: 'image/png' },
      ],
    })
  })

  it('turn isError and a thrown server error into sanitized error envelopes', async () => {
    const { client } = await startStdioServer()
    const { registry } = await attach(client)
    const failed = envelopeError(await registry.dispatch('mcp__demo__fail', {}))
    expect(failed).toBe('[TOOL_ERROR] Tool execution failed: McpToolError: disk quota exceeded on server')
    const thrown = envelopeError(await registry.dispatch('mcp__demo__explode', {}))
    expect(thrown).toMatch(/^\[TOOL_ERROR\] Tool execution failed: McpToolError: .*kaboom from the server/)
    // Invalid arguments are refused by the server's own validation.
    expect(envelopeError(await registry.dispatch('mcp__demo__add', { a: 'x' }))).toMatch(/^\[TOOL_ERROR\] /)
  })
})

describe('tools/list_changed', () => {
  it('brings the registry to exactly the new set while a call stays in flight', async () => {
    const { client } = await startStdioServer()
    const { registry, attachment, log } = await attach(client)
    const slow = registry.dispatch('mcp__demo__slow', { id: 'a' })
    await waitFor(
      async () => (await registry.dispatch('mcp__demo__waiting', { id: 'a' })) === 'true',
      'the slow call to reach the server',
    )

    expect(await registry.dispatch('mcp__demo__add_tool', { name: 'fresh' })).toBe('added')
    expect(await registry.dispatch('mcp__demo__remove_tool', { name: 'lines' })).toBe('removed')
    await waitFor(() => registry.has('mcp__demo__fresh') && !registry.has('mcp__demo__lines'), 'the refresh')

    const listed = (await client.listTools()).tools.map(t => t.name)
    const expected = demoNames('demo', listed)
    expect(listed).toContain('fresh')
    expect(attachment.toolNames).toEqual(expected)
    expect(registry.resolveToolset('mcp-demo')).toEqual(expected)
    expect(registry.getToolsetAliasTarget('demo')).toBe('mcp-demo')
    const warnings = log.texts('warn').join('\n')
    expect(warnings).toMatch(/added: mcp__demo__fresh/)
    expect(warnings).toMatch(/removed: mcp__demo__lines/)
    expect(await registry.dispatch('mcp__demo__fresh', {})).toBe('dynamic fresh answers')

    expect(await registry.dispatch('mcp__demo__release', { id: 'a' })).toBe('ok')
    expect(await slow).toBe('released a')
  })

  it('registers new tools before removing vanished ones, so the alias never drops', async () => {
    const { client } = await startStdioServer(['--tools=old'])
    const { registry, attachment } = await attach(client, { include: ['old', 'new', 'swap_tool'] })
    expect(attachment.toolNames).toEqual(['mcp__demo__old', 'mcp__demo__swap_tool'])
    const events: string[] = []
    const aliasLost: string[] = []
    registry.subscribe(event => {
      events.push(`${event.type} ${event.name}`)
      if (registry.getToolsetAliasTarget('demo') !== 'mcp-demo') aliasLost.push(`${event.type} ${event.name}`)
    })
    // swap_tool is the only other tool: remove it last so the toolset would empty if the order were wrong.
    expect(await registry.dispatch('mcp__demo__swap_tool', { remove: 'old', add: 'new' })).toBe('swapped')
    await waitFor(() => !registry.has('mcp__demo__old'), 'the refresh')
    expect(events.indexOf('register mcp__demo__new')).toBeGreaterThanOrEqual(0)
    expect(events.indexOf('register mcp__demo__new')).toBeLessThan(events.indexOf('deregister mcp__demo__old'))
    expect(aliasLost).toEqual([])
    expect(attachment.toolNames).toEqual(['mcp__demo__new', 'mcp__demo__swap_tool'])
  })
})

describe('collisions', () => {
  it('skip a name held by a built-in tool, which keeps answering', async () => {
    const { client } = await startStdioServer()
    const { registry, log, attachment } = await attach(client, {}, registry => {
      registry.register({
        name: 'mcp__demo__echo',
        toolset: 'builtin',
        schema: { description: 'mine' },
        handler: () => 'built-in echo',
      })
    })
    expect(registry.getEntry('mcp__demo__echo')?.toolset).toBe('builtin')
    expect(await registry.dispatch('mcp__demo__echo', { text: 'hi' })).toBe('built-in echo')
    expect(attachment.toolNames).toEqual(demoNames('demo').filter(n => n !== 'mcp__demo__echo'))
    expect(log.texts('warn').some(t => t.includes('mcp__demo__echo') && t.includes('"builtin"'))).toBe(true)
    await attachment.detach()
    expect(await registry.dispatch('mcp__demo__echo', { text: 'hi' })).toBe('built-in echo')
  })

  it('let the last MCP server win a shared prefixed name, and detach only what it still holds', async () => {
    const first = await startStdioServer(['--name=first', '--tools=shared'])
    const second = await startStdioServer(['--name=second', '--tools=shared'])
    const { registry, log, attachment: a } = await attach(first.client, { server: 'a-b' })
    expect(await registry.dispatch('mcp__a_b__shared', {})).toBe('first:shared')
    // "a_b" sanitizes to the same prefix as "a-b": another MCP toolset, replaced (SPEC §2.2 row 3).
    const { attachMcpServer } = await import('@toolreg/mcp')
    const b = await attachMcpServer(registry, second.client, { server: 'a_b' })
    expect(await registry.dispatch('mcp__a_b__shared', {})).toBe('second:shared')
    expect(registry.getEntry('mcp__a_b__shared')?.toolset).toBe('mcp-a_b')
    expect(b.toolNames).toContain('mcp__a_b__shared')
    expect(a.toolNames).toEqual([])
    expect(registry.getToolsetAliasTarget('a-b')).toBeUndefined()
    expect(registry.getToolsetAliasTarget('a_b')).toBe('mcp-a_b')
    expect(log.texts('warn').filter(t => t.includes('skipped'))).toEqual([])
    await a.detach()
    expect(await registry.dispatch('mcp__a_b__shared', {})).toBe('second:shared')
    expect(registry.resolveToolset('a_b')).toEqual(b.toolNames)
  })
})

describe('filters and utility tools', () => {
  it('include is a whitelist and wins over exclude', async () => {
    const { client } = await startStdioServer()
    const { attachment } = await attach(client, { include: ['echo', 'add', 'missing'], exclude: ['echo'] })
    expect(attachment.toolNames).toEqual(['mcp__demo__add', 'mcp__demo__echo'])
  })

  it('exclude leaves out raw tool names', async () => {
    const { client } = await startStdioServer()
    const { registry, attachment } = await attach(client, { exclude: ['echo', 'mcp__demo__add'] })
    expect(attachment.toolNames).toEqual(demoNames('demo').filter(n => n !== 'mcp__demo__echo'))
    expect(registry.has('mcp__demo__echo')).toBe(false)
  })

  it('are absent when the server has neither resources nor prompts', async () => {
    const { client } = await startStdioServer()
    const { attachment } = await attach(client)
    expect(attachment.toolNames.filter(n => /list_resources|read_resource|list_prompts|get_prompt/.test(n))).toEqual([])
  })

  it('follow the resources capability, ignore filters, and read a resource', async () => {
    const { client } = await startStdioServer(['--resources'])
    const { registry, attachment } = await attach(client, { include: ['echo'] })
    expect(attachment.toolNames).toEqual(['mcp__demo__echo', 'mcp__demo__list_resources', 'mcp__demo__read_resource'])
    const listed = JSON.parse((await registry.dispatch('mcp__demo__list_resources', {})) as string)
    expect(listed.resources.map((r: { uri: string }) => r.uri)).toEqual(['memo://greeting'])
    expect(await registry.dispatch('mcp__demo__read_resource', { uri: 'memo://greeting' })).toBe(
      'hello from a resource',
    )
    expect(envelopeError(await registry.dispatch('mcp__demo__read_resource', {}))).toMatch(
      /^\[TOOL_ERROR\] .*"uri" is required/,
    )
    expect(registry.getEntry('mcp__demo__read_resource')?.toolset).toBe('mcp-demo')
  })

  it('follow the prompts capability and get a prompt', async () => {
    const { client } = await startStdioServer(['--prompts'])
    const { registry, attachment } = await attach(client, { include: [] })
    expect(attachment.toolNames).toEqual(['mcp__demo__get_prompt', 'mcp__demo__list_prompts'])
    const listed = JSON.parse((await registry.dispatch('mcp__demo__list_prompts', {})) as string)
    expect(listed.prompts.map((p: { name: string }) => p.name)).toEqual(['greet'])
    const prompt = JSON.parse(
      (await registry.dispatch('mcp__demo__get_prompt', { name: 'greet', arguments: { who: 'Ada' } })) as string,
    )
    expect(prompt.messages[0].content.text).toBe('Please greet Ada.')
  })

  it('are left out with utilities: false', async () => {
    const { client } = await startStdioServer(['--resources', '--prompts'])
    const { attachment } = await attach(client, { utilities: false })
    expect(attachment.toolNames).toEqual(demoNames('demo'))
  })
})

describe('connection and detach', () => {
  it('a killed server makes checkFn fail and the tools leave the definitions at the next call', async () => {
    const { client, pid } = await startStdioServer()
    const { registry, log } = await attach(client, {}, registry => {
      registry.register({ name: 'local', toolset: 'builtin', schema: {}, handler: () => 'ok' })
    })
    const names = async () => (await registry.getToolDefinitions()).map(d => d.function.name)
    expect(await names()).toEqual(['local', ...demoNames('demo')].sort())
    const checkFn = registry.getEntry('mcp__demo__echo')?.checkFn
    expect(checkFn?.()).toBe(true)

    process.kill(pid, 'SIGKILL')
    await waitFor(() => log.texts('warn').some(t => t.includes('connection closed')), 'the close to be noticed')
    expect(checkFn?.()).toBe(false)
    // Within the 60 s grace window a failure would count as a flake: the bridge cleared the cache so it does not.
    expect(await names()).toEqual(['local'])
    expect(envelopeError(await registry.dispatch('mcp__demo__echo', { text: 'x' }))).toMatch(/^\[TOOL_ERROR\] /)
  })

  it('detach removes tools and alias, restores the previous handlers, and keeps the client open', async () => {
    const { client } = await startStdioServer()
    const seen: string[] = []
    client.setNotificationHandler(ToolListChangedNotificationSchema, n => {
      seen.push(n.method)
    })
    const previousOnclose = () => {}
    client.onclose = previousOnclose
    const { registry, attachment } = await attach(client)

    expect(await registry.dispatch('mcp__demo__add_tool', { name: 'during' })).toBe('added')
    await waitFor(() => registry.has('mcp__demo__during') && seen.length >= 1, 'the chained handler and the refresh')

    await attachment.detach()
    expect(attachment.toolNames).toEqual([])
    expect(registry.getAllToolNames()).toEqual([])
    expect(registry.getToolsetAliasTarget('demo')).toBeUndefined()
    expect(client.onclose).toBe(previousOnclose)

    const generation = registry.generation
    const before = seen.length
    await client.callTool({ name: 'add_tool', arguments: { name: 'after' } })
    await waitFor(() => seen.length > before, 'the previous handler to get list_changed after detach')
    expect(await client.callTool({ name: 'echo', arguments: { text: 'still open' } })).toMatchObject({
      content: [{ text: 'still open' }],
    })
    expect(registry.generation).toBe(generation)
    expect(registry.getAllToolNames()).toEqual([])
    await attachment.detach() // a second detach changes nothing
    expect(registry.generation).toBe(generation)
  })
})

describe('timeouts and aborts', () => {
  const neverStats = async (registry: { dispatch(name: string, args: unknown): Promise<unknown> }) =>
    JSON.parse((await registry.dispatch('mcp__demo__never_stats', {})) as string) as {
      started: number
      cancelled: number
    }

  it('a tool that never answers within timeoutMs gives an error envelope', async () => {
    const { client } = await startStdioServer()
    const { registry } = await attach(client, { timeoutMs: 300 })
    expect(envelopeError(await registry.dispatch('mcp__demo__never', {}))).toMatch(
      /^\[TOOL_ERROR\] Tool execution failed: McpError: .*timed out/i,
    )
    await waitFor(async () => (await neverStats(registry)).cancelled === 1, 'the server to see the cancellation')
  })

  it('ctx.signal aborts the call and reaches the server as a cancellation', async () => {
    const { client } = await startStdioServer()
    const { registry } = await attach(client)
    const controller = new AbortController()
    const pending = registry.dispatch('mcp__demo__never', {}, { signal: controller.signal })
    await waitFor(async () => (await neverStats(registry)).started === 1, 'the call to reach the server')
    controller.abort(new Error('user pressed stop'))
    expect(envelopeError(await pending)).toBe('[TOOL_ERROR] Tool execution aborted: user pressed stop')
    await waitFor(async () => (await neverStats(registry)).cancelled === 1, 'the server to see the cancellation')
  })
})
