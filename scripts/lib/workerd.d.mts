export declare const COMPATIBILITY_DATE: string
export declare function workerdBinary(): string
export interface WorkerdConfigOptions {
  bindings?: Record<string, string>
  allowLocalNetwork?: boolean
  compatibilityDate?: string
  /** e.g. `new_module_registry`: modules are compiled on first import, not all at start-up. */
  compatibilityFlags?: string[]
  /** More ES modules beside worker.js (relative POSIX names), e.g. the chunks of a code-split build. */
  modules?: string[]
}
export declare function workerdConfig(options?: WorkerdConfigOptions): string
export interface WorkerdServer {
  /** `http://127.0.0.1:<port>` */
  url: string
  port: number
  /** The directory holding config.capnp and worker.js. */
  dir: string
  /** What workerd printed so far (stdout and stderr). */
  output(): string
  /** Kills workerd (and removes `dir` when started by `startWorkerd`, or served with `removeDir`). */
  stop(): Promise<void>
}
export interface StartWorkerdOptions extends Omit<WorkerdConfigOptions, 'compatibilityDate' | 'modules'> {
  /** Path of the built Worker entry module. */
  bundle: string
  /** The other modules of a code-split build, relative to the bundle's directory. */
  chunks?: string[]
  startTimeoutMs?: number
}
export declare function startWorkerd(options: StartWorkerdOptions): Promise<WorkerdServer>
/** Writes worker.js, the chunks and config.capnp into a new directory (the caller removes it). */
export declare function prepareWorkerd(options: Omit<StartWorkerdOptions, 'startTimeoutMs'>): Promise<string>
/** `workerd compile`s a prepared directory into `worker.bin` (the config and every module in one binary); returns its path. */
export declare function compileWorkerd(dir: string): Promise<string>
/** Serves a prepared directory: its compiled `binary` when given, else `workerd serve config.capnp`. */
export declare function serveWorkerd(
  dir: string,
  options?: { binary?: string; removeDir?: boolean; startTimeoutMs?: number },
): Promise<WorkerdServer>
