import{createRequire as __mcpEvalsCreateRequire}from'node:module';const require=__mcpEvalsCreateRequire(import.meta.url);
import{b as a,e as b,f as c}from"./chunk-BEBS756M.js";import"./chunk-MCZ3XQ5J.js";import"./chunk-EL57XHGU.js";import"./chunk-KJZAWLER.js";import"./chunk-CTXCY37B.js";var export_request=c.request;export{a as HttpConnection,b as describeHttpError,export_request as request};
