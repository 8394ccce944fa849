import{createRequire as __mcpEvalsCreateRequire}from'node:module';const require=__mcpEvalsCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-JMC5M7GL.js";import"./chunk-X6IEHE5H.js";import"./chunk-42YNKOZ2.js";import"./chunk-NNSKUZA4.js";import"./chunk-NPY7UQX6.js";import"./chunk-CTXCY37B.js";export{a as REPORT_SCHEMA_FILE,c as listViolations,b as reportViolations};
