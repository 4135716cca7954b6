// The Vite config of one bench build (bench/lib/vite-build.mjs, bench/experiments/hook-times.mjs):
// a minified browser build of one entry, or the entry as one unminified SSR bundle (a
// Worker's or a serverless function's build).
import { join } from 'node:path'

/** `entry`: root-relative (`src/plugin-entry.ts`); `ssr`: build it as the SSR bundle. */
export function benchBuildConfig({ root, entry, ssr, outDir, plugins }) {
  return {
    root,
    configFile: false,
    envFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      outDir,
      emptyOutDir: true,
      reportCompressedSize: false,
      ...(ssr
        ? { ssr: entry, minify: false, rolldownOptions: { output: { format: 'es', codeSplitting: false } } }
        : { rolldownOptions: { input: join(root, entry) } }),
    },
    ...(ssr ? { ssr: { noExternal: true } } : {}),
  }
}
