// The yaml package for `await import('…/yaml.js')`. yaml is CommonJS, and esbuild, splitting it into a
// chunk of its own, answers `import('yaml')` with a default export alone (module.exports): an ES
// module in front keeps the named exports. Used where YAML loads on demand (the action's cold path).
export { LineCounter, isMap, isScalar, isSeq, parse, parseDocument } from 'yaml';
