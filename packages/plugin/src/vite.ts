export { default } from './bundlers/vite.js'
