import{createRequire as __mcpEvalsCreateRequire}from'node:module';const require=__mcpEvalsCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-5QEZTBVY.js";import"./chunk-KVQUE4J2.js";import"./chunk-QBGTQJOO.js";import"./chunk-RXPUK6JT.js";import"./chunk-NPY7UQX6.js";import"./chunk-CTXCY37B.js";export{a as REPORT_SCHEMA_FILE,c as listViolations,b as reportViolations};
