export declare const EDGE_ROOT: string
/** The modules the build writes beside worker.js, which workerd must be given too. */
export declare const EDGE_MODULES: string[]
export interface BuildEdgeAgentOptions {
  /** Default `examples/edge-agent/dist`. */
  outDir?: string
  logLevel?: 'info' | 'warn' | 'error' | 'silent'
}
/** Builds the edge example; resolves to the absolute path of its single `worker.js`. */
export declare function buildEdgeAgent(options?: BuildEdgeAgentOptions): Promise<string>
