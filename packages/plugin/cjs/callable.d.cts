// The type of each CommonJS entry (see callable.cjs): the plugin function, also as `.default`.
import type { ToolRegistryOptions } from '../dist/index.js'

export interface CommonJsEntry<P> {
  (options?: ToolRegistryOptions): P
  default: CommonJsEntry<P>
}
declare function callable<P>(esm: { default: (options?: ToolRegistryOptions) => P }): CommonJsEntry<P>
export default callable
