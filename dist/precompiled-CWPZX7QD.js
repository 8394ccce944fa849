import{createRequire as __mcpEvalsCreateRequire}from'node:module';const require=__mcpEvalsCreateRequire(import.meta.url);
import{a,b,c,d,e,f}from"./chunk-QBGTQJOO.js";import"./chunk-RXPUK6JT.js";import"./chunk-CTXCY37B.js";export{a as SPEC_FILES,c as isGeneratedFrom,b as loadPrecompiled,f as precompiledMeta,d as precompiledReport,e as precompiledSpec};
