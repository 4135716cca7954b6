// The AI SDK's native deferral (ai 7): every tool in the `ToolSet`, the deferred ones with
// `deferLoading: true`, and its `toolSearch()` answered from the build's index (see the core
// README, "Deferred loading and tool search").
import { type AiSdkTool, type AiSdkToolsOptions, toAiSdkTools } from '../adapters/aisdk.js'
import type { ToolSurface } from './surface.js'

/** The `search` callback `toolSearch()` of the `ai` package takes. */
export type AiSdkToolSearchFunction = (options: {
  query: string
  tools: { name: string; description?: string }[]
}) => Promise<string[]>

export interface AiSdkSurfaceOptions<S, T> extends Omit<AiSdkToolsOptions<S>, 'registry'> {
  /** The `toolSearch` function of the `ai` package (7 or later). */
  toolSearch(options: { search: AiSdkToolSearchFunction; maxResults?: number }): T
  /** Tools one search loads (default 5). */
  maxResults?: number
}

/** A `ToolSet`: the tools (deferred ones marked `deferLoading`), then the search tool under the surface's search name. */
export async function toAiSdkSurface<S, T>(
  surface: ToolSurface,
  options: AiSdkSurfaceOptions<S, T>,
): Promise<Record<string, (AiSdkTool<S> & { deferLoading?: boolean }) | T>> {
  const { toolSearch, maxResults, ...rest } = options
  const initial = (await surface.initial()).filter(d => d.function.name !== surface.searchName)
  const deferred = await surface.deferred()
  const tools: Record<string, (AiSdkTool<S> & { deferLoading?: boolean }) | T> = toAiSdkTools(
    [...initial, ...deferred],
    {
      ...rest,
      registry: surface.registry,
    },
  )
  if (!deferred.length) return tools
  for (const d of deferred) (tools[d.function.name] as { deferLoading?: boolean }).deferLoading = true
  const search: AiSdkToolSearchFunction = async ({ query, tools: candidates }) => {
    const offered = new Set(candidates.map(c => c.name))
    return (await surface.search(query, maxResults)).map(d => d.function.name).filter(n => offered.has(n))
  }
  tools[surface.searchName] = toolSearch({ search, maxResults })
  return tools
}
