import { runLayer0 } from './main.js';

await runLayer0();
