// Entry of layer0/action.yml: the conformance-only action, over the shared bundle (see index.ts).
import { runLayer0 } from './index.js';

await runLayer0();
