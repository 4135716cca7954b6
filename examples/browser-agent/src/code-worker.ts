// The code worker (core README, "Code mode", "The worker executor"): the model's code runs here, in
// QuickJS compiled to WebAssembly, off the page's main thread, so a runaway program never freezes
// the page, and the page can always terminate this worker. Spawned by src/code-mode.ts on the first
// run of `run_code`; QuickJS and its .wasm file load here, never in the page.
import { serveCodeWorker } from '@toolreg/core/code-mode'
import { loadQuickJsExecutor } from './quickjs.ts'

// A failed load answers every run with the reason ('the code worker could not start: …').
serveCodeWorker(self, loadQuickJsExecutor())
