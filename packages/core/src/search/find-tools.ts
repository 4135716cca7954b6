import { preloadLazy } from '../lazy/lazy.js'
import type { ToolRegistry } from '../registry/registry.js'
import { searchTools } from './search.js'
import type { ToolDefinition, ToolSpec } from '../types.js'

export interface FindToolsOptions {
  /** Default `find_tools`. */
  name?: string
  /** Default `search`. */
  toolset?: string
  /** Most definitions one call returns (default 5; the model may ask for up to `maxLimit`, default 20). */
  limit?: number
  maxLimit?: number
  /** Only tools of these toolsets or aliases are found. */
  toolsets?: readonly string[]
  /** Told the definitions found, e.g. to offer them to the model on its next turn. */
  onFound?: (definitions: ToolDefinition[]) => void
  /**
   * Start importing the modules of the lazy tools found (not awaited), so the model's call,
   * usually the next thing it does, does not wait for a chunk. Default true; false imports a
   * lazy tool's module on its first call only.
   */
  preload?: boolean
}

/**
 * A ready `find_tools` tool: the model describes what it wants to do and gets the best
 * matching tools' definitions (name, description, parameters), then calls one by name.
 * Opt-in: `registry.register(findTools(registry))`.
 */
export function findTools(registry: ToolRegistry, options: FindToolsOptions = {}): ToolSpec {
  const name = options.name ?? 'find_tools'
  const maxLimit = options.maxLimit ?? 20
  return {
    name,
    toolset: options.toolset ?? 'search',
    schema: {
      description:
        'Find tools for a task. Describe what you want to do in plain words; the answer lists the best matching ' +
        'tools with their parameters. Then call the tool you chose by its name.',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'What you want to do, e.g. "refund a Stripe payment"' },
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: maxLimit,
            description: 'How many tools to list (default ' + (options.limit ?? 5) + ')',
          },
        },
        required: ['query'],
      },
    },
    handler: async (args, ctx) => {
      const query = typeof args.query == 'string' ? args.query : ''
      const n = typeof args.limit == 'number' ? Math.min(Math.max(1, args.limit), maxLimit) : (options.limit ?? 5)
      const found = (await searchTools(registry, query, { limit: n + 1, toolsets: options.toolsets, env: ctx.env }))
        .filter(d => d.function.name !== name)
        .slice(0, n)
      options.onFound?.(found)
      if (options.preload !== false)
        void preloadLazy(
          registry,
          found.map(d => d.function.name),
        )
      return JSON.stringify({ tools: found.map(d => d.function) })
    },
  }
}
