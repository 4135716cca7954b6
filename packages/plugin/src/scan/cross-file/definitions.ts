// `toolreg manifest --definitions`: the scan's manifest with each tool's static definition,
// read from the tool files by the full detector (see the plugin README, "CLI").
import { decodeSource } from '../../diagnostics/source.js'
import { loadFullDetector } from '../../detect/index.js'
import { nodeScanFs, type ScanFs } from '../fs.js'
import type { ScanResult, ToolManifest } from '../../types.js'

/** The manifest with `definition` on every tool whose spec is static enough to read. */
export async function manifestWithDefinitions(
  result: Pick<ScanResult, 'toolModules' | 'manifest' | 'options'>,
  fs: ScanFs = nodeScanFs,
): Promise<ToolManifest> {
  const { readDefinitions } = await loadFullDetector()
  // Site position → definition; the manifest lists the tool modules' sites in order.
  const byPosition = new Map<string, ToolManifest['tools'][number]['definition']>()
  for (const m of result.toolModules) {
    const decoded = decodeSource(await fs.readFile(m.absPath))
    if (!decoded.ok) continue
    const defs = readDefinitions(decoded.code, m.file, m.sites, result.options.registryModules)
    for (const [i, s] of m.sites.entries()) byPosition.set(`${s.file}:${s.line}:${s.column}`, defs[i])
  }
  return {
    ...result.manifest,
    tools: result.manifest.tools.map(tool => {
      const definition = byPosition.get(`${tool.file}:${tool.line}:${tool.column}`)
      return definition ? { ...tool, definition } : tool
    }),
  }
}
