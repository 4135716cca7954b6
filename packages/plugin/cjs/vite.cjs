'use strict'
// CommonJS entry of `@toolreg/plugin/vite` (see callable.cjs).
module.exports = require('./callable.cjs')(require('../dist/vite.js'))
