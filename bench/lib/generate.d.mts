// Types of generate.mjs for the TypeScript tests that reuse the bench corpus.
export declare const toolName: (i: number) => string
export declare const toolFile: (i: number) => string
export declare function toolSource(i: number, description?: string): string
export declare function ensureProject(dir: string, count: number): Promise<string>
export declare const pluginCacheDir: (dir: string) => string
