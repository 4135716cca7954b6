import type { DeferRule } from '@toolreg/core'
// The data that flows between the scanner, the code generators and the bundler
// adapters. Everything here is plain data: the core never throws for bad input,
// it returns diagnostics.

/** Public options of `toolRegistry()` (README: "Options"). */
export interface ToolRegistryOptions {
  /** Project root. Default: the bundler's root (Vite `config.root`), else `process.cwd()`. */
  root?: string
  /** Tool directories, relative to `root` (may lie outside it). Default `['tools']`. */
  dirs?: string[]
  /** Globs matched against the path relative to each dir. Default `['*.{ts,tsx,mts,js,jsx,mjs}']`. */
  include?: string[]
  /** Globs excluded. Default `['*.d.ts', '*.{test,spec}.*', 'index.*', 'registry.*']`. */
  exclude?: string[]
  /** Modules whose `registry` export counts as the registry. Default `['@toolreg/core']`. */
  registryModules?: string[]
  /** Tool-name rule. Default `'portable'`. */
  names?: NameRuleName | RegExp
  /** Warnings fail the build too. Default `false`. */
  strict?: boolean
  /** Load each tool module through `import()` under `Promise.allSettled`. Default `false`. */
  isolate?: boolean
  /**
   * Register the tools of these files by their static definitions and import each module on
   * its tool's first dispatch (its own chunk): `true` for every tool file, or globs matched
   * against the root-relative path (`'tools/admin/*.ts'`). Default `false`.
   */
  lazy?: boolean | string | string[]
  /**
   * Which tools a tool surface sends only once a search finds them: `true` (all), tool names,
   * or a rule (`{ all, tools, toolsets, except, keep, usage }`, `usage` a JSON file of calls per
   * tool relative to root, or the counts). Resolved at build time into the `deferred` export.
   * Default: none.
   */
  defer?: boolean | string[] | (Omit<DeferRule, 'usage'> & { usage?: string | Readonly<Record<string, number>> })
  /** Where to write the `.d.ts` for `virtual:tool-registry` (relative to root), or `false`. Default `'tool-registry.d.ts'`. */
  dts?: string | false
  /**
   * File name of the manifest build asset, or `false`. Default `'tool-manifest.json'`, emitted
   * by server and SSR builds only; a file named here is emitted by client builds too.
   */
  manifest?: string | false
  /**
   * File name of the code-mode API build asset (`declare const tools: …`, the text
   * `createCodeMode` gives the model, under a header with its token count), `true` for
   * `'tool-api.d.ts'`, or `false`. Default `false`. Byte-identical across builds of the same tools.
   */
  api?: boolean | string
  /**
   * The shared configuration file to read (relative to `root`), or `false` to read none.
   * Default: `toolreg.config.{ts,mts,mjs,js,cjs,json}` or package.json's `toolreg` key in the root.
   */
  config?: string | false
  /**
   * Compare what each tool module registers at run time with its scan; differences are
   * logged as TR009 through the registry's logger. Default: true in dev, false in builds.
   */
  verify?: boolean
  /** What `toolreg check` lints of the tool surface the model sees (README: "Surface lint"). Default: no surface lint. */
  surface?: SurfaceOptions
}

/** What a toolreg config file (or package.json's `toolreg` key) may set. */
export type ToolRegistryConfig = Omit<ToolRegistryOptions, 'root' | 'config'>

export type NameRuleName = 'portable' | 'openai' | 'anthropic' | 'gemini' | 'mcp'

/** Options with every default filled in and `root` made absolute. */
export interface ResolvedOptions {
  root: string
  dirs: string[]
  include: string[]
  exclude: string[]
  registryModules: string[]
  names: NameRuleName | RegExp
  strict: boolean
  isolate: boolean
  /** `false`, `true`, or the globs of the files that load lazily. */
  lazy: boolean | string[]
  /** The `defer` rule with its usage counts read, or `false`. */
  defer: DeferRule | false
  dts: string | false
  manifest: string | false
  api: string | false
  /** The user named `manifest` (inline or in the config file): client builds emit it too. */
  manifestNamed?: true
  /** Undefined: the default of the mode (true in dev, false in builds). */
  verify?: boolean
  /**
   * Parse every file with @babel/parser, never the lexer fast path. The fast path skips the
   * bodies of the code it recognises, so it cannot see a syntax error there; a bundler reports
   * such an error when it compiles the file, but `toolreg check` compiles nothing and sets this.
   */
  fullParse?: boolean
  /** The `surface` option with its defaults; undefined when it is not set. */
  surface?: ResolvedSurface
}

export type DiagnosticCode =
  | 'TR001'
  | 'TR002'
  | 'TR003'
  | 'TR004'
  | 'TR005'
  | 'TR006'
  | 'TR007'
  | 'TR008'
  | 'TR009'
  | SurfaceCode
export type Severity = 'error' | 'warning'

/** A place in a file. `file` is root-relative POSIX; `line`/`column` are 1-based, 0 for a whole file or dir. */
export interface DiagnosticSite {
  file: string
  line: number
  column: number
  /** Code-frame text, so formatting needs no file access. */
  frame?: string
}

export interface Diagnostic extends DiagnosticSite {
  code: DiagnosticCode
  severity: Severity
  message: string
  /** Other sites involved (for TR001: every other site of the same name). */
  related?: DiagnosticSite[]
}

/** One top-level register call found in a tool module. */
export interface RegisterSite {
  /** Static tool name, or null when dynamic. */
  name: string | null
  /** Static toolset, or null when dynamic. */
  toolset: string | null
  /** Root-relative POSIX path of the file. */
  file: string
  /** 1-based position of the call expression. */
  line: number
  column: number
  /** 0-based offsets into the file's source (after BOM removal) — for the transform. */
  start: number
  end: number
}

/** What the per-file detectors take. */
export interface DetectOptions {
  /** Default `['@toolreg/core']` (DEFAULT_REGISTRY_MODULES). */
  registryModules?: readonly string[]
  /** Default `'portable'`. */
  names?: NameRuleName | RegExp
}

/** One file's register sites and diagnostics. */
export interface DetectResult {
  isToolModule: boolean
  sites: RegisterSite[]
  /** TR002–TR005, with 1-based positions and frames. */
  diagnostics: Diagnostic[]
  /**
   * From the fast path, per site: the literal needsApproval, annotations and timeoutMs it read
   * (absent when no site states any). The full detector leaves them to `readDefinitions`.
   */
  policies?: (ToolPolicy | undefined)[]
}

/** Scan result of one file, cacheable by (path, size, mtime, plugin version, options). */
export interface FileScan {
  /** Root-relative POSIX path (`tools/x.ts`, `../shared/tools/y.ts`). */
  file: string
  /** Absolute path as the bundler will resolve it (the real path for followed symlinks is NOT used: this is the path inside the dir). */
  absPath: string
  /** True when the file has at least one top-level register call. */
  isToolModule: boolean
  sites: RegisterSite[]
  /** Per-file diagnostics (TR002–TR005, TR008), already made errors under `strict`. Cross-file TR001 is computed over all files. */
  diagnostics: Diagnostic[]
  /** The real path when it differs from absPath (a symlink): bundlers that resolve symlinks hand this id to `transform`. */
  realPath?: string
  /** Length of the decoded, BOM-free source the sites' offsets refer to. */
  sourceLength: number
  /** sha1 (base64url) of that source for tool modules, '' otherwise: lets the transform check it sees the scanned text. */
  sourceHash: string
  /** For a tool module the `lazy` option selects: its tools' static definitions, or why it loads eagerly. */
  lazy?: LazyPlan
  /** Per site, in order: what its spec states statically of needsApproval, annotations and timeoutMs (absent: nothing). */
  policies?: (ToolPolicy | undefined)[]
}

/** What a register call states statically of needsApproval, annotations and timeoutMs (see StaticDefinition). */
export type ToolPolicy = Pick<StaticDefinition, 'needsApproval' | 'annotations' | 'timeoutMs'>

/** The definition a lazy tool is offered with until its module loads. */
export interface LazyTool {
  name: string
  toolset: string
  /** The spec's schema, evaluated statically (JSON). */
  schema: Record<string, unknown>
  description?: string
  emoji?: string
  /** Static `needsApproval` (a lazy tool is approved before its module loads). */
  needsApproval?: boolean
  annotations?: Record<string, unknown>
}

export type LazyPlan =
  | { lazy: true; tools: LazyTool[] }
  /** Loaded eagerly; `reason` says why, at 1-based `line`/`column`. */
  | { lazy: false; reason: string; line: number; column: number }

export interface ScanResult {
  options: ResolvedOptions
  /** Every matched file, sorted by root-relative path, tool module or not. */
  files: FileScan[]
  /** The tool modules, sorted — what the virtual module imports. */
  toolModules: FileScan[]
  /** All diagnostics, files' and cross-file ones, sorted by file, line, column. */
  diagnostics: Diagnostic[]
  /** Sorted unique static names. */
  toolNames: string[]
  manifest: ToolManifest
}

export interface ToolManifest<Name extends string = string> {
  readonly version: 1
  readonly tools: readonly {
    readonly name: Name | null
    readonly toolset: string | null
    readonly file: string
    readonly line: number
    readonly column: number
    /** Static needsApproval (`'dynamic'`: decided at run time), annotations and timeoutMs of its spec. */
    readonly needsApproval?: boolean | 'dynamic'
    readonly annotations?: Record<string, unknown>
    readonly timeoutMs?: number
    /** With `toolreg manifest --definitions`: what the tool file says statically. */
    readonly definition?: StaticDefinition
  }[]
  readonly files: readonly string[]
}

/**
 * A tool's definition as its file states it, without running it (`toolreg manifest --definitions`):
 * each field when static; `dynamic` lists the fields present but not static (a zod schema, a
 * computed value). `needsApproval: 'dynamic'` is a function (or a value) decided at run time.
 */
export interface StaticDefinition {
  description?: string
  parameters?: Record<string, unknown>
  needsApproval?: boolean | 'dynamic'
  annotations?: Record<string, unknown>
  timeoutMs?: number
  /** A JSON Schema `outputSchema` (the result type of the code-mode API). */
  outputSchema?: Record<string, unknown>
  /** The spec's `renamedFrom`: the name this tool had before, for `toolreg diff`. */
  renamedFrom?: string
  dynamic?: string[]
}

// The `surface` option of `toolreg check` (README: "Surface lint"); validated in options/surface.ts.
export type SurfaceCode = 'TR201' | 'TR202' | 'TR203' | 'TR204' | 'TR205' | 'TR206' | 'TR207'
export type SurfaceRuleSetting = 'error' | 'warning' | 'off'
export type SurfaceProvider = 'openai' | 'anthropic' | 'gemini' | 'mcp'
export type SurfaceClient = 'vscode' | 'cursor' | 'windsurf'
export type SurfaceEncoding = 'o200k_base' | 'cl100k_base'

export interface SurfaceBudget {
  /** Tokens of one tool's definition. */
  tool?: number
  /** Tokens of one toolset's definitions. */
  toolset?: number
  /** Tokens of every always-loaded definition. */
  surface?: number
}

/** The `surface` key of the configuration. */
export interface SurfaceOptions {
  /** Whose name rules the prefixed names must pass. Default `['openai', 'anthropic']`. */
  providers?: SurfaceProvider[]
  /** What a client puts before each name (Claude Code: `mcp__<server>__`). Default `''`. */
  prefix?: string
  /** Clients whose tool cap the always-loaded count must stay within. Default none. */
  clients?: SurfaceClient[]
  /** Shortest description that passes TR204, in characters. Default 20. */
  minDescription?: number
  /** TR206: destructive or open-world tools must state needsApproval. Default false. */
  approvalPolicy?: boolean
  /** Tokenizer encoding of the counts. Default `'o200k_base'`. */
  encoding?: SurfaceEncoding
  budget?: SurfaceBudget
  /** Tool names or toolsets loaded on demand: left out of the always-loaded surface. */
  deferred?: string[]
  /** Severity per code, or `'off'`. */
  rules?: Partial<Record<SurfaceCode, SurfaceRuleSetting>>
}

export interface ResolvedSurface {
  providers: SurfaceProvider[]
  prefix: string
  clients: SurfaceClient[]
  minDescription: number
  approvalPolicy: boolean
  encoding: SurfaceEncoding
  budget: SurfaceBudget
  deferred: string[]
  rules: Record<SurfaceCode, SurfaceRuleSetting>
}
