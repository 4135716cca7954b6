// The edge example end to end: `vite build` with the toolreg plugin into one
// ES module, served by workerd over loopback, exercised through GET /tools and
// POST /chat (scripted model) — once with every gate open, once with none.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ToolDefinition } from '@toolreg/core'
import type { Transcript } from '@toolreg/example-agent-kit'
import { buildEdgeAgent, EDGE_MODULES, EDGE_ROOT } from '../scripts/lib/edge-build.mjs'
import { getJson, postJson, startWorkerd, type WorkerdServer } from './helpers/workerd.ts'
import { sendJson, serveLoopback, tempDir, type LoopbackServer } from './helpers/examples-env.ts'

const ALL_TOOLS = [
  'calculate',
  'convert_units',
  'date_diff',
  'fetch_json',
  'get_time',
  'kv_get',
  'kv_set',
  'run_code',
  'text_stats',
]
// run_code (code mode, see examples-edge-code-mode.test.ts) calls the ungated toolsets only.
const UNGATED_TOOLS = ['calculate', 'convert_units', 'date_diff', 'get_time', 'run_code', 'text_stats']

const CATALOG = {
  items: [
    { name: 'alpha', price: 3 },
    { name: 'beta', price: 5 },
  ],
}

let outDir: Awaited<ReturnType<typeof tempDir>>
let bundle: string
let jsonServer: LoopbackServer
let strangerServer: LoopbackServer
let open: WorkerdServer
let closed: WorkerdServer

beforeAll(async () => {
  outDir = await tempDir('edge')
  bundle = await buildEdgeAgent({ outDir: outDir.path, logLevel: 'silent' })
  jsonServer = await serveLoopback((request, response) => {
    if (request.url === '/catalog.json') sendJson(response, CATALOG)
    else if (request.url === '/moved') {
      response.writeHead(302, { location: 'http://example.invalid/catalog.json' })
      response.end()
    } else sendJson(response, { error: 'not found' }, 404)
  })
  // Same JSON, but its origin is not on the allow-list: it must never be asked.
  strangerServer = await serveLoopback((_request, response) => sendJson(response, CATALOG))
  ;[open, closed] = await Promise.all([
    startWorkerd({
      bundle,
      chunks: EDGE_MODULES,
      allowLocalNetwork: true,
      bindings: { TOOL_STORE: 'memory', FETCH_ALLOWED_ORIGINS: `https://api.example.com, ${jsonServer.origin}` },
    }),
    startWorkerd({ bundle, chunks: EDGE_MODULES, allowLocalNetwork: true }),
  ])
})

afterAll(async () => {
  await Promise.all([open?.stop(), closed?.stop(), jsonServer?.close(), strangerServer?.close()])
  await outDir?.remove()
})

async function chat(server: WorkerdServer, content: string): Promise<Transcript> {
  const reply = await postJson<Transcript>(`${server.url}/chat`, { messages: [{ role: 'user', content }] })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body
}

function resultOf(transcript: Transcript, name: string, nth = 0): Record<string, unknown> {
  const calls = transcript.toolCalls.filter(call => call.name === name)
  expect(calls.length, `${name} calls in ${JSON.stringify(transcript.toolCalls)}`).toBeGreaterThan(nth)
  return JSON.parse(calls[nth].result)
}

describe('the built bundle', () => {
  it('is one ES module importing nothing from Node', async () => {
    const files = await readdir(outDir.path, { recursive: true })
    expect(files.filter(file => /\.[cm]?js$/.test(file))).toEqual(['worker.js'])
    const code = await readFile(bundle, 'utf8')
    const specifiers = [
      ...code.matchAll(/\bimport\s*(?:[\w*{}\s,$]+from\s*)?["'`]([^"'`]+)["'`]/g),
      ...code.matchAll(/\bimport\s*\(\s*["'`]([^"'`]+)["'`]/g),
      ...code.matchAll(/\bexport\s*[\w*{}\s,$]*from\s*["'`]([^"'`]+)["'`]/g),
    ].map(match => match[1])
    const builtins = new Set(builtinModules)
    expect(specifiers.filter(s => s.startsWith('node:') || builtins.has(s.split('/')[0]))).toEqual([])
    expect(code).not.toMatch(/\brequire\s*\(\s*["'`](?:node:|fs|path|os|crypto)/)
    // The Worker entry exports only `default`.
    const worker = (await import(`${join(outDir.path, 'worker.js')}?t=${Date.now()}`)) as Record<string, unknown>
    expect(Object.keys(worker)).toEqual(['default'])
  })
})

describe('the build config', () => {
  it('fails the build when the worker imports a Node built-in (Vite alone only warns)', async () => {
    const scratch = await tempDir('edge-builtin')
    try {
      const entry = join(scratch.path, 'bad-worker.ts')
      await writeFile(
        entry,
        `import { readFileSync } from 'node:fs'\nexport default { fetch: () => new Response(String(readFileSync)) }\n`,
      )
      const attempt = build({
        root: EDGE_ROOT,
        configFile: join(EDGE_ROOT, 'vite.config.ts'),
        logLevel: 'silent',
        build: { ssr: entry, outDir: join(scratch.path, 'out') },
      })
      await expect(attempt).rejects.toThrow(
        /bad-worker\.ts imports the Node built-in "node:fs", which workerd cannot load/,
      )
    } finally {
      await scratch.remove()
    }
  })
})

describe('GET /tools', () => {
  it('lists every tool when the store and the allow-list are configured', async () => {
    const { status, body } = await getJson<ToolDefinition[]>(`${open.url}/tools`)
    expect(status).toBe(200)
    expect(body.map(tool => tool.function.name)).toEqual(ALL_TOOLS)
    for (const tool of body) {
      expect(tool.type).toBe('function')
      expect(typeof tool.function.description).toBe('string')
      expect((tool.function.parameters as { type?: string }).type).toBe('object')
    }
  })

  it('withholds the kv tools (checkFn) and fetch_json (requiresEnv) when their bindings are missing', async () => {
    const { status, body } = await getJson<ToolDefinition[]>(`${closed.url}/tools`)
    expect(status).toBe(200)
    expect(body.map(tool => tool.function.name)).toEqual(UNGATED_TOOLS)
  })
})

describe('POST /chat with the scripted model', () => {
  it('runs a multi-tool conversation and returns correct tool results', async () => {
    const transcript = await chat(
      open,
      'Calculate 2*(3+4) and convert 26.2 mi to km; convert 212 F to C; count the words in "One two three. Four five!"; ' +
        'remember city=Lisbon; recall city; how many days between 2024-02-01 and 2024-03-01?',
    )
    expect(transcript.model).toBe('scripted')
    expect(transcript.stoppedBy).toBe('answer')
    expect(transcript.toolCalls.map(call => call.name)).toEqual([
      'calculate',
      'convert_units',
      'convert_units',
      'text_stats',
      'kv_set',
      'kv_get',
      'date_diff',
    ])

    expect(resultOf(transcript, 'calculate')).toEqual({ expression: '2*(3+4)', result: 14 })
    expect(resultOf(transcript, 'convert_units', 0).result).toBeCloseTo(26.2 * 1.609344, 9)
    expect(resultOf(transcript, 'convert_units', 1).result).toBeCloseTo(100, 9)
    expect(resultOf(transcript, 'text_stats')).toMatchObject({
      words: 5,
      sentences: 2,
      characters: 'One two three. Four five!'.length,
      lines: 1,
    })
    expect(resultOf(transcript, 'kv_set')).toEqual({ key: 'city', stored: true })
    expect(resultOf(transcript, 'kv_get')).toEqual({ key: 'city', found: true, value: 'Lisbon' })
    // 2024 is a leap year: February has 29 days, 21 of them Monday–Friday.
    expect(resultOf(transcript, 'date_diff')).toMatchObject({ days: 29, weekdays: 21 })

    // Every call got its tool message, in order, and the answer is built from the results.
    const toolMessages = transcript.messages.filter(m => m.role === 'tool')
    expect(toolMessages.map(m => m.tool_call_id)).toEqual(transcript.toolCalls.map(call => call.id))
    expect(transcript.answer).toContain('2*(3+4) = 14')
    expect(transcript.answer).toContain('city is Lisbon.')
  })

  it('fetches JSON from an allowed loopback origin and refuses any other', async () => {
    const before = jsonServer.requests.length
    const transcript = await chat(
      open,
      `fetch ${jsonServer.origin}/catalog.json at /items/1/name; fetch ${strangerServer.origin}/catalog.json; fetch ${jsonServer.origin}/moved`,
    )
    expect(resultOf(transcript, 'fetch_json', 0)).toMatchObject({ status: 200, pointer: '/items/1/name', data: 'beta' })
    expect(resultOf(transcript, 'fetch_json', 1).error).toBe(`Origin not allowed: ${strangerServer.origin}`)
    expect(resultOf(transcript, 'fetch_json', 2).error).toMatch(/^Redirect refused \(HTTP 302\)/)
    expect(jsonServer.requests.slice(before).map(r => r.url)).toEqual(['/catalog.json', '/moved'])
    expect(strangerServer.requests).toEqual([])
  })

  it('reports tool errors as envelopes and keeps going', async () => {
    const transcript = await chat(open, 'calculate 1/0 and convert 3 kg to km; calculate sqrt(16) + 2^3')
    expect(resultOf(transcript, 'calculate', 0).error).toBe('Invalid expression: division by zero')
    expect(resultOf(transcript, 'convert_units').error).toBe('cannot convert mass (kg) to length (km)')
    expect(resultOf(transcript, 'calculate', 1).result).toBe(12)
    expect(transcript.answer).toContain('calculate failed: Invalid expression: division by zero')
  })

  it('checks arguments before the handler in workerd: a zod tool and a JSON Schema tool (@toolreg/core/validate)', async () => {
    const transcript = await chat(
      open,
      'convert ten km to mi; days between 2024-02-31 and 2024-03-01; convert 5 km to m',
    )
    const bad = resultOf(transcript, 'convert_units', 0)
    expect(bad.error).toMatch(/^Invalid arguments for tool convert_units: value: /)
    expect(bad.issues).toEqual([{ path: 'value', message: expect.any(String) }])
    const date = resultOf(transcript, 'date_diff')
    expect(date).toEqual({
      error: 'Invalid arguments for tool date_diff: from: String does not match format "date".',
      issues: [{ path: 'from', message: 'String does not match format "date".' }],
    })
    expect(resultOf(transcript, 'convert_units', 1).result).toBe(5000)
    expect(transcript.answer).toContain('convert_units failed: Invalid arguments for tool convert_units: value:')
  })

  it('does not call gated tools when their bindings are missing', async () => {
    const transcript = await chat(closed, 'remember colour=green; recall colour; calculate 40+2')
    expect(transcript.toolsOffered.sort()).toEqual(UNGATED_TOOLS)
    expect(transcript.toolCalls.map(call => call.name)).toEqual(['calculate'])
    expect(resultOf(transcript, 'calculate').result).toBe(42)
    expect(transcript.answer).toContain('I could not use kv_set: it is not available here.')
    expect(transcript.answer).toContain('I could not use kv_get: it is not available here.')
  })

  it('rejects malformed requests', async () => {
    expect((await postJson(`${open.url}/chat`, { messages: 'hi' })).status).toBe(400)
    expect((await postJson(`${open.url}/chat`, [])).status).toBe(400)
    expect((await fetch(`${open.url}/chat`)).status).toBe(405)
    expect((await fetch(`${open.url}/nowhere`)).status).toBe(404)
  })
})
