// Generic types for `virtual:tool-registry`, for projects that set `dts: false`.
// Reference it with `/// <reference types="@toolreg/plugin/client" />` or add
// "@toolreg/plugin/client" to `compilerOptions.types`. The generated
// `tool-registry.d.ts` (the default) is more precise: use one or the other.
declare module 'virtual:tool-registry' {
  export { registry } from '@toolreg/core'
  /** Every statically known tool name (the generated .d.ts narrows this to a union). */
  export type ToolName = string
  export const toolNames: readonly ToolName[]
  /** What the build registers: each tool's name, toolset and place. */
  export type ToolManifest = import('./dist/index.js').ToolManifest<ToolName>
  export const manifest: ToolManifest
  /** The tools the plugin's `defer` option defers, by name: `createToolSurface(registry, { defer: deferred })`. */
  export const deferred: readonly ToolName[]
  /** Tool modules that threw while loading (only with `isolate: true`). */
  export const loadErrors: readonly { readonly file: string; readonly error: string }[]
  /** The tool modules' namespaces in file order (`null` for one that failed to load). */
  export const toolModules: readonly (Readonly<Record<string, unknown>> | null)[]
}
