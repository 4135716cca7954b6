// workerd hands a `.wasm` module to its importer compiled (see src/code-mode.ts).
declare module '*.wasm' {
  const module: WebAssembly.Module
  export default module
}
