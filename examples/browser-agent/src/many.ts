// Many-tools mode (vite.many.config.ts): hundreds of lazy tools, of which the model is
// offered only find_tools, the hand-written tools and what find_tools found. The page
// lists when each lazy tool's module loaded.
import { findTools, isLazyPending, type ToolDefinition, type ToolRegistry } from '@toolreg/core'
import type { AgentRegistry, ScriptRule } from '@toolreg/example-agent-kit'

type Json = Record<string, unknown>

export interface ManyTools {
  /** What the agent loop sees: the offered definitions, and dispatch. */
  agentRegistry: AgentRegistry
  /** Names offered to the model right now. */
  offered(): string[]
  /** `N tools registered, M of them lazy (not loaded yet)`. */
  summary(): string
}

/** `log` receives one line per lazy module loaded: `+<ms> ms <tool> loaded`. */
export function manyToolsMode(registry: ToolRegistry, rules: ScriptRule[], log: (line: string) => void): ManyTools {
  const handWritten = registry.getAllToolNames().filter(name => !isLazyPending(registry, name))
  const offered = new Set([...handWritten, 'find_tools'])
  const pending = new Set(registry.getAllToolNames().filter(name => isLazyPending(registry, name)))

  registry.register(
    findTools(registry, {
      // The next model step is offered what was found, and the script learns to call it.
      onFound: (definitions: ToolDefinition[]) => {
        for (const { function: tool } of definitions) {
          if (offered.has(tool.name)) continue
          offered.add(tool.name)
          rules.push(callRule(tool.name))
        }
      },
    }),
  )
  registry.subscribe(event => {
    // A lazy tool's module registers the real tool when its chunk has loaded.
    if (event.type === 'register' && pending.delete(event.name))
      log(`+${Math.round(performance.now())} ms ${event.name} loaded`)
  })
  rules.push({
    tool: 'find_tools',
    pattern: /\bfind (?:me )?(?:a )?tools? (?:to|for|that) ([^;.?!]+)/gi,
    args: m => ({ query: m[1].trim(), limit: 3 }),
    describe: r =>
      `Found: ${((r as { tools: { name: string }[] }).tools ?? []).map(t => t.name).join(', ') || 'nothing'}.`,
  })

  return {
    agentRegistry: {
      getToolDefinitions: options => registry.getDefinitions([...offered], options),
      dispatch: (name, args, ctx) => registry.dispatch(name, args, ctx),
    },
    offered: () => [...offered].sort(),
    summary: () => `${registry.getAllToolNames().length} tools registered, ${pending.size} lazy ones not loaded yet`,
  }
}

/** "call <tool> {json}" or just "<tool>" with optional JSON arguments. */
function callRule(name: string): ScriptRule {
  return {
    tool: name,
    pattern: new RegExp(`\\b${name}\\b(?:\\s+(\\{[^}]*\\}))?`, 'gi'),
    args: m => (m[1] ? (JSON.parse(m[1]) as Json) : {}),
    describe: r => `${name} answered ${JSON.stringify(r)}.`,
  }
}
