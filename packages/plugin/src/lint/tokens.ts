// Token counts of tool definitions with gpt-tokenizer, loaded on first use only: the bundler
// plugins never pay for its tables (packages/plugin/README.md, "Surface lint").
import type { SurfaceEncoding } from '../types.js'

export type CountTokens = (text: string) => number

/** The `countTokens` of the encoding: o200k_base is gpt-tokenizer's main entry. */
export async function loadTokenizer(encoding: SurfaceEncoding): Promise<CountTokens> {
  let mod: { countTokens(text: string): number }
  try {
    mod =
      encoding === 'cl100k_base' ? await import('gpt-tokenizer/encoding/cl100k_base') : await import('gpt-tokenizer')
  } catch (error) {
    // An optional peer: a build never needs its 30 MB of encodings, only the surface lint does.
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error
    throw new TypeError(
      'toolreg check: the surface lint counts tokens with gpt-tokenizer: npm install -D gpt-tokenizer',
    )
  }
  return text => mod.countTokens(text)
}

/** The text counted for a tool: its OpenAI-shape definition, as JSON. */
export function definitionText(name: string, description?: string, parameters?: Record<string, unknown>): string {
  return JSON.stringify({ type: 'function', function: { name, description, parameters } })
}
