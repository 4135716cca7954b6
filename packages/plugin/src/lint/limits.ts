// What providers and clients accept of a tool surface (packages/plugin/README.md, "Surface lint"):
// each provider's name rule, checked on the name as the client sends it (prefix included), and
// each client's cap on the tools it offers the model.
import { nameRules } from '../options/names.js'
import type { SurfaceClient, SurfaceProvider } from '../types.js'

export interface ProviderRule {
  label: string
  /** What the rule allows, for the message. */
  says: string
  max: number
  test: (name: string) => boolean
}

const rule = (label: string, provider: SurfaceProvider, max: number, says?: string): ProviderRule => {
  const re = nameRules[provider]
  return { label, says: says ?? String(re), max, test: name => re.test(name) }
}

export const PROVIDER_RULES: Readonly<Record<SurfaceProvider, ProviderRule>> = {
  openai: rule('OpenAI', 'openai', 64),
  anthropic: rule('Anthropic', 'anthropic', 64),
  gemini: rule('Gemini', 'gemini', 64),
  mcp: rule('MCP', 'mcp', 128, '1–128 characters of [A-Za-z0-9_.-]'),
}

/** Why `name` breaks the provider's rule, or undefined when it passes. */
export function nameProblem(rule: ProviderRule, name: string): string | undefined {
  const length = [...name].length
  if (length === 0) return 'is empty'
  if (length > rule.max) return `is ${length} characters long, over the limit of ${rule.max}`
  if (!rule.test(name)) return `(${length} characters) does not match ${rule.says}`
  return undefined
}

export const CLIENT_CAPS: Readonly<Record<SurfaceClient, { label: string; cap: number }>> = {
  vscode: { label: 'VS Code', cap: 128 },
  cursor: { label: 'Cursor', cap: 80 },
  windsurf: { label: 'Windsurf', cap: 50 },
}
