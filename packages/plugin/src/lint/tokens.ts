// Token counts of tool definitions with gpt-tokenizer, loaded on first use only: the bundler
// plugins never pay for its tables (packages/plugin/README.md, "Surface lint").
import type { SurfaceEncoding } from '../options/surface.js'

export type CountTokens = (text: string) => number

/** The `countTokens` of the encoding: o200k_base is gpt-tokenizer's main entry. */
export async function loadTokenizer(encoding: SurfaceEncoding): Promise<CountTokens> {
  const mod =
    encoding === 'cl100k_base' ? await import('gpt-tokenizer/encoding/cl100k_base') : await import('gpt-tokenizer')
  return text => mod.countTokens(text)
}

/** The text counted for a tool: its OpenAI-shape definition, as JSON. */
export function definitionText(name: string, description?: string, parameters?: Record<string, unknown>): string {
  return JSON.stringify({ type: 'function', function: { name, description, parameters } })
}
