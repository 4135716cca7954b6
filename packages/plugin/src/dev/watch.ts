// The dev server's own watcher on the tool dirs (docs/architecture.md, "Dev server"):
// Node's fs.watch, public API only. Vite's shared watcher (chokidar) throttles `change`
// to one per file every 50 ms with no trailing event and lists a dir again on every
// event in it; this one reports every event, names only, batched per turn of the event
// loop. What each name means (added, changed, gone, or still being written) is for
// the dev session to find on disk.
import { watch, type FSWatcher } from 'node:fs'
import path from 'node:path'

export interface ToolDirWatcher {
  close(): void
}

interface WatchToolDirsOptions {
  /** Absolute dirs; a missing one is skipped (the scan reports it as TR007). */
  dirs: readonly string[]
  /** Watch subdirectories too (include patterns with a `/`). */
  recursive: boolean
  /** Called once per turn of the event loop with the paths seen in it. */
  onChange(absPaths: Set<string>): void
  onError(error: unknown): void
  /** Keep the process alive while watching (`toolreg generate --watch`). Default false: a dev server has its own handles. */
  persistent?: boolean
}

export function watchToolDirs(options: WatchToolDirsOptions): ToolDirWatcher {
  let batch: Set<string> | undefined
  const flush = (): void => {
    const paths = batch!
    batch = undefined
    options.onChange(paths)
  }
  const report = (dir: string, name: string | Buffer | null): void => {
    // fs.watch may omit the name (some platforms): nothing to tell which file it was.
    if (name === null) return
    const file = path.join(dir, String(name))
    if (!batch) {
      batch = new Set()
      setImmediate(flush)
    }
    batch.add(file)
  }
  const watchers: FSWatcher[] = []
  for (const dir of options.dirs) {
    try {
      const watcher = watch(
        dir,
        { recursive: options.recursive, persistent: options.persistent ?? false },
        (_event, name) => report(dir, name),
      )
      watcher.on('error', options.onError)
      watchers.push(watcher)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') options.onError(error)
    }
  }
  return {
    close() {
      for (const watcher of watchers.splice(0)) watcher.close()
    },
  }
}
