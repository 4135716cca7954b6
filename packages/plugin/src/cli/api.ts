// `toolreg api`: the code-mode declarations of the project's tools from their static
// definitions — the text `createCodeMode` writes at run time (packages/plugin/README.md, "CLI").
import { codeModeDeclarations } from '@toolreg/core/code-mode'
import { loadTokenizer } from '../lint/tokens.js'
import { manifestWithDefinitions } from '../scan/cross-file/definitions.js'
import type { ScanResult } from '../types.js'

/** The declarations, and a note of their token count (or why it is not counted). */
export async function apiText(result: ScanResult): Promise<{ text: string; note: string }> {
  const manifest = await manifestWithDefinitions(result)
  const tools = manifest.tools.flatMap(t =>
    t.name === null || t.toolset === null
      ? []
      : [
          {
            toolset: t.toolset,
            outputSchema: t.definition?.outputSchema,
            definition: {
              type: 'function' as const,
              function: { name: t.name, description: t.definition?.description, parameters: t.definition?.parameters },
            },
          },
        ],
  )
  const text = codeModeDeclarations(tools)
  const note = await loadTokenizer('o200k_base').then(
    count => `toolreg api: ${tools.length} tools, ${count(text)} tokens (o200k_base)\n`,
    (error: Error) => `toolreg api: ${tools.length} tools; tokens not counted: ${error.message}\n`,
  )
  return { text, note }
}
