// Code mode: the model writes one program against a typed API of the tools instead of calling
// them one by one; every call the program makes goes through `dispatch` (see the core
// README, "Code mode").
import { contentBlocks, isToolError } from '../adapters/results.js'
import { toolError } from '../dispatch/envelope.js'
import type { ToolRegistry } from '../registry/registry.js'
import type { ToolCallContext, ToolResult, ToolSpec } from '../types.js'
import { type ApiTool, declarations, SEARCH_DECLARATION, searchIndexDeclarations } from './declarations.js'
import { searchTools } from '../search/search.js'
import type { CodeCallAnswer, CodeExecutor, CodeHost, CodeModeLimits } from './executor.js'

export interface CodeModeOptions {
  executor: CodeExecutor
  /** Toolsets (or aliases) the code may call; default every tool. */
  toolsets?: readonly string[]
  /** The model-facing tool's name (default `run_code`) and toolset (default `code`). */
  name?: string
  toolset?: string
  limits?: Partial<CodeModeLimits>
  /** Checks the code against the declarations before it runs; the errors (`line N: …`) go back to the model. */
  typeCheck?: (code: string, declarations: string) => readonly string[] | Promise<readonly string[]>
  /** As for `getDefinitions`: tools whose `requiresEnv` is not met are left out. */
  env?: Record<string, unknown>
  /**
   * What the description declares: `'all'` (default) every tool's signature; `'search'` only
   * each toolset's tool names and `tools.$.search({ query })`, which answers the declarations
   * of the tools found — for large APIs (see the core README, "Code mode").
   */
  declare?: 'all' | 'search'
}

export interface CodeMode {
  /** The API the model reads: `declare const tools: { … }`. */
  readonly declarations: string
  /** The model-facing tool: its description carries the declarations; register it or hand it to an adapter. */
  readonly spec: ToolSpec
  /** Runs the model's code: its answer is the tool's result (JSON `{ result, console }`, or an error envelope). */
  run(code: string, ctx?: ToolCallContext): Promise<ToolResult>
}

export const DEFAULT_LIMITS: Readonly<CodeModeLimits> = Object.freeze({
  timeMs: 10_000,
  memoryBytes: 64 * 1024 * 1024,
  stackBytes: 256 * 1024,
  maxToolCalls: 50,
  maxOutputChars: 100_000,
  maxConsoleChars: 10_000,
})

/** What the code gets back from a tool: its JSON result, its text, or the envelope's error. */
function answer(result: ToolResult, structured: boolean): CodeCallAnswer {
  if (isToolError(result)) return { ok: false, error: String(JSON.parse(result as string).error) }
  if (typeof result == 'string') return { ok: true, json: structured ? result : JSON.stringify(result) }
  const text = contentBlocks(result)
    .map(b => (b.type == 'text' ? b.text : `[${b.type} ${b.mimeType}]`))
    .join('\n')
  return { ok: true, json: JSON.stringify(text) }
}

// The host-side name of `tools.$.search` (createCodeMode refuses a tool of that name).
const SEARCH = '$search'

/** The code mode of `registry`'s tools as they are now (create it again after the tools change). */
export async function createCodeMode(registry: ToolRegistry, options: CodeModeOptions): Promise<CodeMode> {
  const name = options.name ?? 'run_code'
  const limits = { ...DEFAULT_LIMITS, ...options.limits }
  const names = (
    options.toolsets ? options.toolsets.flatMap(t => registry.resolveToolset(t)) : registry.getAllToolNames()
  ).filter(n => n !== name)
  const tools: ApiTool[] = (await registry.getDefinitions(names, { env: options.env })).map(definition => {
    const e = registry.getEntry(definition.function.name)!
    return { definition, toolset: e.toolset, outputSchema: e.outputSchema }
  })
  const api: Record<string, Record<string, string>> = {}
  for (const t of tools) (api[t.toolset] ??= {})[t.definition.function.name] = t.definition.function.name
  const text = declarations(tools)
  const allowed = new Set(tools.map(t => t.definition.function.name))
  const structured = new Set(tools.filter(t => t.outputSchema).map(t => t.definition.function.name))
  const searching = options.declare === 'search'
  if (searching && ('$' in api || allowed.has(SEARCH)))
    throw new TypeError(
      'createCodeMode: declare: "search" needs tools.$, but a toolset is named "$" or a tool "$search"',
    )
  if (searching) api.$ = { search: SEARCH }
  // The model reads the index when searching; the type check still knows every signature.
  const described = searching ? searchIndexDeclarations(tools) : text
  const checked = searching ? declarations(tools, [SEARCH_DECLARATION]) : text
  const byName = new Map(tools.map(t => [t.definition.function.name, t]))
  /** `tools.$.search`: the declarations of the allowed tools the query finds. */
  const search = async (argsJson: string): Promise<CodeCallAnswer> => {
    let args: { query?: unknown; limit?: unknown }
    try {
      args = JSON.parse(argsJson) ?? {}
    } catch {
      return { ok: false, error: 'Arguments of $.search are not JSON' }
    }
    if (typeof args.query != 'string' || !args.query.trim())
      return { ok: false, error: '$.search needs a query string' }
    const limit = Math.min(Math.max(Math.floor(Number(args.limit ?? 5)) || 5, 1), 20)
    const hits = await searchTools(registry, args.query, { limit, toolsets: options.toolsets, env: options.env })
    const found = hits.flatMap(d => byName.get(d.function.name) ?? [])
    return {
      ok: true,
      json: JSON.stringify({
        found: found.map(t => `${t.toolset}.${t.definition.function.name}`),
        declarations: declarations(found),
      }),
    }
  }

  const run = async (code: string, ctx: ToolCallContext = {}): Promise<ToolResult> => {
    if (typeof code != 'string') return toolError('[CODE_ERROR] code must be a string', { error_type: 'code' })
    const errors = options.typeCheck ? await options.typeCheck(code, checked) : []
    if (errors.length)
      return toolError('[CODE_TYPE_ERROR] The code does not type-check against the declarations', {
        error_type: 'code_type',
        errors: [...errors],
      })
    let calls = 0
    const host: CodeHost = {
      api,
      async call(tool, argsJson) {
        if (ctx.signal?.aborted) return { ok: false, error: 'The run was aborted' }
        if (++calls > limits.maxToolCalls)
          return { ok: false, error: `Limit: more than ${limits.maxToolCalls} tool calls` }
        if (searching && tool === SEARCH) return search(String(argsJson))
        if (!allowed.has(tool)) return { ok: false, error: `Unknown tool ${tool}` }
        let args: unknown
        try {
          args = JSON.parse(String(argsJson))
        } catch {
          return { ok: false, error: `Arguments of ${tool} are not JSON` }
        }
        const id = `${ctx.toolCallId ?? name}/${calls}`
        return answer(await registry.dispatch(tool, args, { ...ctx, toolCallId: id }), structured.has(tool))
      },
    }
    const out = await options.executor.run(code, host, limits)
    if (!out.ok) return toolError(`[CODE_ERROR] ${out.error}`, { error_type: 'code', console: out.console })
    return JSON.stringify({ result: out.json === undefined ? null : JSON.parse(out.json), console: out.console })
  }

  const spec: ToolSpec = {
    name,
    toolset: options.toolset ?? 'code',
    schema: {
      description:
        'Run JavaScript that calls tools through the `tools` object declared below, and answer with what it returns. ' +
        'The code is the body of an async function: use await, return a JSON value; console.log is kept. ' +
        `No network, timers or modules; at most ${limits.maxToolCalls} tool calls and ${limits.timeMs} ms.` +
        (searching ? ' Call tools.$.search first to learn the signatures of the tools you need.' : '') +
        `\n\n${described}`,
      parameters: {
        type: 'object',
        properties: {
          code: {
            type: 'string',
            description: 'The body of an async function, e.g. `return await tools.web.search({ query: "x" })`',
          },
        },
        required: ['code'],
      },
    },
    handler: async (args, ctx) => run((args as { code?: unknown }).code as string, ctx),
  }
  return { declarations: described, spec, run }
}
