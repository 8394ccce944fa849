import protobuf from 'protobufjs';
import { HttpError } from './http.js';
import { decodeOtlpJson, decodeOtlpProtobuf } from './otlp-decode.js';
import type { DaemonStore } from './store.js';

/**
 * `POST /v1/traces`: an OTLP/HTTP export (JSON or protobuf) stored, then acknowledged. The store
 * commits the spans (and the runs rebuilt from them) before this returns, so an acknowledged
 * span survives the daemon being killed right after.
 */

export interface IngestOutcome {
  /** application/json or application/x-protobuf: the response speaks the request's encoding. */
  contentType: string;
  body: Buffer | string;
  spans: number;
  runs: number;
  rejected: number;
}

const RESPONSE_TYPE = protobuf.Root.fromJSON({
  nested: {
    ExportTraceServiceResponse: { fields: { partialSuccess: { type: 'ExportTracePartialSuccess', id: 1 } } },
    ExportTracePartialSuccess: { fields: { rejectedSpans: { type: 'int64', id: 1 }, errorMessage: { type: 'string', id: 2 } } },
  },
}).lookupType('ExportTraceServiceResponse');

export function ingestOtlp(store: DaemonStore, contentType: string | undefined, body: Buffer): IngestOutcome {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const protobufBody = type === 'application/x-protobuf' || type === 'application/protobuf';
  if (!protobufBody && type !== 'application/json') throw new HttpError(415, `Content-Type must be application/json or application/x-protobuf (OTLP/HTTP), got ${contentType ? `"${contentType}"` : 'none'}`);
  const decoded = protobufBody ? decodeOtlpProtobuf(body) : decodeOtlpJson(body.toString('utf8'));
  if (!decoded.ok) throw new HttpError(400, decoded.problem);
  const stored = decoded.spans.length > 0 ? store.ingest(decoded.spans) : { spans: 0, runs: 0 };
  const partial = decoded.rejected > 0 ? { rejectedSpans: decoded.rejected, errorMessage: `rejected: ${decoded.rejectReasons.join('; ')}` } : undefined;
  if (protobufBody) {
    const message = RESPONSE_TYPE.fromObject(partial ? { partialSuccess: partial } : {});
    return { contentType: 'application/x-protobuf', body: Buffer.from(RESPONSE_TYPE.encode(message).finish()), spans: stored.spans, runs: stored.runs, rejected: decoded.rejected };
  }
  return { contentType: 'application/json', body: JSON.stringify(partial ? { partialSuccess: { rejectedSpans: String(partial.rejectedSpans), errorMessage: partial.errorMessage } } : {}), spans: stored.spans, runs: stored.runs, rejected: decoded.rejected };
}
