export { rollupPlugin as default } from './rollup-like.js'
