export { vitePlugin as default } from './rollup-like.js'
