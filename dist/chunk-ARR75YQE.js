import{createRequire as __mcpEvalsCreateRequire}from'node:module';const require=__mcpEvalsCreateRequire(import.meta.url);
var e=".mcp-evals/baseline.json";export{e as a};
