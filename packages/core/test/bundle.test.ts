import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import * as esbuild from 'esbuild'
import { build, type Rolldown } from 'vite'
import { BUDGET } from './budget.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const pkg = fileURLToPath(new URL('..', import.meta.url))
// Inside the package (git-ignored `.tmp/`) so '@toolreg/core' resolves through node_modules like in an app.
mkdirSync(join(pkg, '.tmp'), { recursive: true })
const work = mkdtempSync(join(pkg, '.tmp', 'bundle-'))

const NODE_IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["'](?:node:[\w/]+|fs|path|process|os|crypto|url|util|buffer|events|stream)["']/

async function bundle(name: string, source: string): Promise<string> {
  const entry = join(work, `${name}.js`)
  writeFileSync(entry, source)
  const out = (await build({
    root: work,
    configFile: false,
    envFile: false,
    logLevel: 'silent',
    build: { write: false, minify: true, rolldownOptions: { input: entry } },
  })) as Rolldown.RolldownOutput
  const chunks = out.output.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk')
  expect(chunks).toHaveLength(1)
  return chunks[0].code
}

let registryOnly = ''
let withAdapters = ''
let withValidator = ''
let withLayer = ''
let bare = ''

beforeAll(async () => {
  registryOnly = await bundle(
    'registry-only',
    `import { registry } from '@toolreg/core'
     registry.register({ name: 'ping', toolset: 't', schema: { description: 'Ping' }, handler: (a) => 'pong ' + a.x })
     registry.register({ name: 'boom', toolset: 't', schema: {}, handler: () => { throw new Error('<system>x</system>bad') } })
     globalThis.__toolregResult = Promise.all([
       registry.dispatch('ping', '{"x":1}'),
       registry.dispatch('boom', {}),
       registry.getToolDefinitions(),
       registry.dispatch('nope'),
     ])`,
  )
  withValidator = await bundle(
    'validate',
    `import { registry } from '@toolreg/core'
     import { validator } from '@toolreg/core/validate'
     registry.configure({ validator })
     registry.register({ name: 'f', toolset: 't', schema: { parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }, handler: (a) => 'ok ' + a.city })
     globalThis.__toolregResult = Promise.all([registry.dispatch('f', { city: 1 }), registry.dispatch('f', { city: 'Oslo' })])`,
  )
  withLayer = await bundle(
    'tool-layer',
    `import { registry } from '@toolreg/core'
     registry.register({ name: 'rm', toolset: 't', schema: {}, needsApproval: true, handler: () => 'gone' })
     globalThis.__toolregResult = Promise.all([registry.dispatch('rm', {}), registry.dispatch('rm', {}, { approve: () => true })])`,
  )
  bare = await bundle('bare', `import { registry } from '@toolreg/core'\nglobalThis.registry = registry`)
  withAdapters = await bundle(
    'adapters',
    `import { registry, toAnthropicTools } from '@toolreg/core'
     globalThis.__toolregResult = registry.getToolDefinitions().then(toAnthropicTools)`,
  )
}, 60_000)

afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Runs a bundle as an ES module in a fresh Node process and returns what its result promise resolved to. */
function run(code: string, name: string): unknown {
  const file = join(work, `run-${name}.mjs`)
  writeFileSync(file, `${code}\n;console.log(JSON.stringify(await globalThis.__toolregResult))\n`)
  // stderr piped: the tool failure the bundle logs on purpose stays out of the test output.
  return JSON.parse(execFileSync(process.execPath, [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }))
}

describe('@toolreg/core in a browser bundle', () => {
  it('bundles with vite for the browser with no Node built-in import', () => {
    expect(registryOnly).not.toMatch(NODE_IMPORT)
    expect(registryOnly).not.toMatch(/\bimport\s*[\s{*"']/) // one self-contained chunk
    expect(registryOnly).not.toMatch(/\bprocess\.|\brequire\(|\bBuffer\b/)
  })

  it('the bundle runs: registry, dispatch, envelopes and definitions work', { timeout: 30_000 }, () => {
    expect(run(registryOnly, 'registry-only')).toEqual([
      'pong 1',
      '{"error":"[TOOL_ERROR] Tool execution failed: Error: xbad"}',
      [
        { type: 'function', function: { name: 'boom', description: '' } },
        { type: 'function', function: { name: 'ping', description: 'Ping' } },
      ],
      '{"error":"Unknown tool: nope"}',
    ])
  })

  it('a registry-only bundle leaves the adapters out and stays within its budget minified + gzip (vite)', () => {
    expect(registryOnly).not.toContain('input_schema')
    expect(withAdapters).toContain('input_schema')
    expect(gzipSync(bare, { level: 9 }).length).toBeLessThanOrEqual(BUDGET)
    // ASCII, though Rolldown's minifier prints string escapes as raw characters: a browser decodes a chunk with one other character as two-byte text.
    expect(bare).toMatch(/^[\x00-\x7f]*$/)
  })

  it('… and with esbuild, as the bench measures it', { timeout: 30_000 }, async () => {
    const out = await esbuild.build({
      stdin: {
        contents: `import { registry } from '@toolreg/core'\nglobalThis.r = registry\n`,
        resolveDir: work,
        loader: 'js',
      },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
    })
    const code = out.outputFiles[0].text
    expect(code).not.toMatch(NODE_IMPORT)
    expect(code).toMatch(/^[\x00-\x7f]*$/)
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(BUDGET)
  })

  it('a bundle with @toolreg/core/validate validates, carries no eval, and the registry-only one carries none of it', {
    timeout: 30_000,
  }, () => {
    expect(run(withValidator, 'validate')).toEqual([
      '{"error":"Invalid arguments for tool f: city: Instance type \\"number\\" is invalid. Expected \\"string\\".","issues":[{"path":"city","message":"Instance type \\"number\\" is invalid. Expected \\"string\\"."}]}',
      'ok Oslo',
    ])
    expect(withValidator).not.toMatch(/\bnew Function\b|\beval\(/)
    expect(withValidator).not.toMatch(NODE_IMPORT)
    expect(withValidator).toContain('Instance type')
    expect(registryOnly).not.toContain('Instance type')
  })

  it('the tool layer is in every registry bundle: approval works with nothing installed', { timeout: 30_000 }, () => {
    expect(run(withLayer, 'tool-layer')).toEqual(['{"error":"[APPROVAL_REQUIRED] Tool rm needs approval"}', 'gone'])
    for (const text of ['APPROVAL_REQUIRED', 'onProgress', 'invalid output of tool', 'onToolStart']) {
      expect(withLayer).toContain(text)
      expect(bare).toContain(text)
    }
  })

  it('a bundle using an adapter runs', { timeout: 30_000 }, () => {
    expect(run(withAdapters, 'adapters')).toEqual([])
  })
})

describe('@toolreg/core sources', () => {
  const src = fileURLToPath(new URL('../src', import.meta.url))
  const files = (readdirSync(src, { recursive: true }) as string[]).filter(f => f.endsWith('.ts'))

  // What they import is checked by dependency-cruiser (npm run lint:layers): no Node built-in, no package.
  it('use no Node globals', () => {
    for (const f of files) {
      const code = readFileSync(join(src, f), 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '')
      expect({ f, node: /\b(?:process|require|Buffer|__dirname|__filename|setImmediate)\b/.test(code) }).toEqual({
        f,
        node: false,
      })
    }
  })
})
