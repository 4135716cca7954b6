export { rolldownPlugin as default } from './rollup-like.js'
