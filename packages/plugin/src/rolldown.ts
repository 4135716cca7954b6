export { default } from './bundlers/rolldown.js'
