export * from './baseline.js';
export * from './compare.js';
export * from './stats.js';
