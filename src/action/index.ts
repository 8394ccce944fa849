// Entry of action.yml (dist/index.js), and the one bundle both actions share: layer0/action.yml's
// dist/layer0/index.js only imports runLayer0 from it, so dist/ holds one copy of the code.
import { pathToFileURL } from 'node:url';
import { run, runLayer0 } from './main.js';

export { runLayer0 };

// Run the main action only when this module is the process's entry, not when layer0 imports it.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
