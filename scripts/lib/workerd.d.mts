export declare const COMPATIBILITY_DATE: string
export declare function workerdBinary(): string
export interface WorkerdConfigOptions {
  bindings?: Record<string, string>
  allowLocalNetwork?: boolean
  compatibilityDate?: string
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
  /** Kills workerd and removes `dir`. */
  stop(): Promise<void>
}
export interface StartWorkerdOptions extends Omit<WorkerdConfigOptions, 'compatibilityDate'> {
  /** Path of the built single-module Worker bundle. */
  bundle: string
  startTimeoutMs?: number
}
export declare function startWorkerd(options: StartWorkerdOptions): Promise<WorkerdServer>
