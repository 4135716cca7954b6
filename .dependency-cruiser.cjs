// The layering of the packages (docs/architecture.md, "Rooms"), checked in `npm test`
// (`npm run lint:layers`). In @toolreg/plugin imports point one way:
//   entries → bundlers | cli → dev → codegen → scan → detect → diagnostics → options → types.ts
// Only bundlers/ (and the entries) may import a bundler; the fast detector never loads Babel;
// @toolreg/core imports no Node built-in and no package.
const plugin = 'packages/plugin/src'
// Each room, and the rooms below it that it may import.
const layers = ['options', 'diagnostics', 'detect', 'scan', 'codegen', 'dev']
const above = room => layers.slice(layers.indexOf(room) + 1).concat(['bundlers', 'cli'])

module.exports = {
  forbidden: [
    ...layers.map(room => ({
      name: `plugin-${room}-imports-down`,
      comment: `${room}/ imports only the rooms below it (docs/architecture.md, "Rooms")`,
      severity: 'error',
      from: { path: `^${plugin}/${room}/` },
      to: { path: `^${plugin}/(${above(room).join('|')})/` },
    })),
    {
      name: 'plugin-types-imports-nothing',
      comment: 'types.ts is the leaf every room shares',
      severity: 'error',
      from: { path: `^${plugin}/types\\.ts$` },
      to: { path: `^${plugin}/` },
    },
    {
      name: 'plugin-cli-and-bundlers-are-apart',
      comment: 'the CLI and the bundler adapters share the rooms below them, not each other',
      severity: 'error',
      from: { path: `^${plugin}/(cli|bundlers)/` },
      to: { path: `^${plugin}/(cli|bundlers)/`, pathNot: `^${plugin}/$1/` },
    },
    {
      name: 'plugin-no-bundler-below-bundlers',
      comment: 'everything below bundlers/ runs without a bundler (tested over in-memory files)',
      severity: 'error',
      from: { path: `^${plugin}/(options|diagnostics|detect|scan|codegen|dev|cli)/` },
      to: { path: '(^|/)node_modules/(vite|rollup|rolldown|esbuild|webpack|@rspack/core|unplugin)/' },
    },
    {
      name: 'plugin-fast-detect-without-babel',
      comment: 'a build whose files all take the fast path never loads @babel/parser',
      severity: 'error',
      from: { path: `^${plugin}/detect/fast/` },
      to: { path: `(^|/)node_modules/@babel/|^${plugin}/detect/full/` },
    },
    {
      name: 'core-no-node-builtins',
      comment: '@toolreg/core runs in browsers and Workers',
      severity: 'error',
      from: { path: '^packages/core/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-no-packages',
      comment:
        '@toolreg/core has no dependencies; @toolreg/core/validate and @toolreg/core/otel use their optional peers',
      severity: 'error',
      from: { path: '^packages/core/src/', pathNot: '^packages/core/src/(validate/validate|otel/otel)\\.ts$' },
      to: { path: '(^|/)node_modules/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'default'] },
  },
}
