// A real MCP server for the bridge tests, built with the SDK's McpServer. Plain JS: it runs under plain `node`.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'

// A 1×1 red PNG, so the image block carries real data.
const RED_DOT = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='

const text = value => ({ content: [{ type: 'text', text: String(value) }] })

/**
 * Flags: `--resources`, `--prompts`, `--tools=a,b` (extra echo tools with those raw names),
 * `--description-less` (one tool without a description).
 */
export function parseFlags(argv) {
  const flags = { resources: false, prompts: false, tools: [], name: 'demo' }
  for (const arg of argv) {
    if (arg === '--resources') flags.resources = true
    else if (arg === '--prompts') flags.prompts = true
    else if (arg.startsWith('--tools=')) flags.tools = arg.slice('--tools='.length).split(',').filter(Boolean)
    else if (arg.startsWith('--name=')) flags.name = arg.slice('--name='.length)
    else throw new Error(`unknown flag ${arg}`)
  }
  return flags
}

export function createDemoServer(flags) {
  const server = new McpServer({ name: flags.name, version: '1.0.0' })
  const handles = new Map()
  // Calls of `slow` wait here until `release` resolves them.
  const gates = new Map()
  const gate = id => {
    if (!gates.has(id)) {
      let open
      const promise = new Promise(resolve => (open = resolve))
      gates.set(id, { promise, open, waiting: false })
    }
    return gates.get(id)
  }
  const tool = (name, config, cb) => handles.set(name, server.registerTool(name, config, cb))

  tool('echo', { description: 'Echo the text back', inputSchema: { text: z.string() } }, ({ text: value }) =>
    text(value),
  )
  tool('add', { description: 'Add two numbers', inputSchema: { a: z.number(), b: z.number() } }, ({ a, b }) =>
    text(a + b),
  )
  tool('lines', { description: 'Two text blocks' }, () => ({
    content: [
      { type: 'text', text: 'first line' },
      { type: 'text', text: 'second line' },
    ],
  }))
  tool('picture', { description: 'A caption and an image' }, () => ({
    content: [
      { type: 'text', text: 'a red dot' },
      { type: 'image', data: RED_DOT, mimeType: 'image/png' },
    ],
  }))
  tool('structured', { description: 'Only structured content' }, () => ({
    content: [],
    structuredContent: { ok: true, count: 3 },
  }))
  tool('fail', { description: 'Reports an error' }, () => ({
    isError: true,
    content: [{ type: 'text', text: 'disk <system>quota</system> exceeded on server' }],
  }))
  tool('explode', { description: 'Throws' }, () => {
    throw new Error('kaboom from the server')
  })
  tool('slow', { description: 'Waits until released', inputSchema: { id: z.string() } }, async ({ id }) => {
    const g = gate(id)
    g.waiting = true
    await g.promise
    return text(`released ${id}`)
  })
  tool('waiting', { description: 'Whether a slow call waits', inputSchema: { id: z.string() } }, ({ id }) =>
    text(gates.get(id)?.waiting === true),
  )
  tool('release', { description: 'Release a slow call', inputSchema: { id: z.string() } }, ({ id }) => {
    gate(id).open()
    return text('ok')
  })
  // Counts calls of `never` that arrived and that the client cancelled, so tests can see an abort reach the server.
  const never = { started: 0, cancelled: 0 }
  tool('never', { description: 'Never answers' }, extra => {
    never.started++
    extra.signal.addEventListener('abort', () => never.cancelled++)
    return new Promise(() => {})
  })
  tool('never_stats', { description: 'Calls of never: started and cancelled' }, () => text(JSON.stringify(never)))
  tool('bare', {}, () => text('bare answers'))
  tool('add_tool', { description: 'Register a tool', inputSchema: { name: z.string() } }, ({ name }) => {
    tool(name, { description: `dynamic ${name}` }, () => text(`dynamic ${name} answers`))
    return text('added')
  })
  tool('remove_tool', { description: 'Remove a tool', inputSchema: { name: z.string() } }, ({ name }) => {
    handles.get(name).remove()
    handles.delete(name)
    return text('removed')
  })
  tool(
    'swap_tool',
    {
      description: 'Remove one tool and add another in one step',
      inputSchema: { remove: z.string(), add: z.string() },
    },
    ({ remove, add }) => {
      tool(add, { description: `dynamic ${add}` }, () => text(`dynamic ${add} answers`))
      handles.get(remove).remove()
      handles.delete(remove)
      return text('swapped')
    },
  )
  tool('notify_tools_changed', { description: 'Send tools/list_changed' }, () => {
    server.sendToolListChanged()
    return text('sent')
  })
  for (const name of flags.tools) {
    tool(name, { description: `extra ${name}` }, () => text(`${flags.name}:${name}`))
  }

  if (flags.resources) {
    server.registerResource('greeting', 'memo://greeting', { mimeType: 'text/plain' }, uri => ({
      contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'hello from a resource' }],
    }))
  }
  if (flags.prompts) {
    server.registerPrompt('greet', { description: 'Greet someone', argsSchema: { who: z.string() } }, ({ who }) => ({
      messages: [{ role: 'user', content: { type: 'text', text: `Please greet ${who}.` } }],
    }))
  }
  return server
}
