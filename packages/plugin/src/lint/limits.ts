// What providers and clients accept of a tool surface (packages/plugin/README.md, "Surface lint"):
// each provider's name rule, checked on the name as the client sends it (prefix included), and
// each client's cap on the tools it offers the model.
import type { SurfaceClient, SurfaceProvider } from '../options/surface.js'

export interface ProviderRule {
  label: string
  /** What the rule allows, for the message. */
  says: string
  max: number
  test: (name: string) => boolean
}

const charset = (chars: RegExp, first?: RegExp) => (name: string) =>
  [...name].every((c, i) => (i === 0 && first ? first : chars).test(c))

export const PROVIDER_RULES: Readonly<Record<SurfaceProvider, ProviderRule>> = {
  openai: { label: 'OpenAI', says: '^[a-zA-Z0-9_-]{1,64}$', max: 64, test: charset(/[a-zA-Z0-9_-]/) },
  anthropic: { label: 'Anthropic', says: '^[a-zA-Z0-9_-]{1,64}$', max: 64, test: charset(/[a-zA-Z0-9_-]/) },
  gemini: {
    label: 'Gemini',
    says: '^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$',
    max: 64,
    test: charset(/[a-zA-Z0-9_.:-]/, /[a-zA-Z_]/),
  },
  mcp: { label: 'MCP', says: '1–128 characters of [A-Za-z0-9_.-]', max: 128, test: charset(/[A-Za-z0-9_.-]/) },
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
