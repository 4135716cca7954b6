// What a code-mode executor is given and answers (see the core README, "Code mode"). Only
// strings cross between the sandbox and the host: no host object, function or prototype
// reaches the model's code, whatever the sandbox.

/** Per-run limits; a run over one ends with an error naming it. */
export interface CodeModeLimits {
  /** Wall time of the whole run, tool calls included (ms). */
  timeMs: number
  /** Heap of the sandbox (bytes). */
  memoryBytes: number
  /** Stack of the sandbox (bytes): deep recursion ends as an error, not a crash. */
  stackBytes: number
  /** Tool calls one run may make. */
  maxToolCalls: number
  /** Characters of the returned value's JSON text. */
  maxOutputChars: number
  /** Characters of console output kept (the rest is cut, and says so). */
  maxConsoleChars: number
}

/** One tool call's answer to the sandbox: the result as JSON text, or an error the code sees as a thrown `Error`. */
export type CodeCallAnswer = { ok: true; json: string } | { ok: false; error: string }

/** What the sandbox may reach: the API's names and one call function. */
export interface CodeHost {
  /** toolset → method → registry name: `tools.<toolset>.<method>(args)` in the model's code. */
  readonly api: Readonly<Record<string, Readonly<Record<string, string>>>>
  /** Calls a tool of `api` by its registry name with the JSON text of its arguments. */
  call(name: string, argsJson: string): Promise<CodeCallAnswer>
}

/** How a run ended: the code's returned value as JSON text (`undefined` when it returned nothing), or why it failed; and its console output. */
export type CodeRunResult =
  | { ok: true; json: string | undefined; console: string }
  | { ok: false; error: string; console: string }

/**
 * Runs the model's code — the body of an async function that sees `tools` and `console`
 * and nothing of the host — and resolves (never rejects) with how it ended.
 */
export interface CodeExecutor {
  run(code: string, host: CodeHost, limits: CodeModeLimits): Promise<CodeRunResult>
}
