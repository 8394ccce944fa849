import { parseJsonMessage, type CloseInfo, type Connection, type OutgoingMessage, type TransportExchange, type UnsolicitedRecord } from '../mcp/connection.js';
import type { JsonObject, ReceivedMessage } from '../mcp/types.js';
import { FAULT_TEXT, type Layer2Session } from './session.js';

/**
 * Layer 2 on stdio: a Connection around the real StdioConnection that rewrites, replaces or
 * withholds the answer lines of targeted tools/call requests. What stdio cannot carry is
 * approximated (see FAULT_EFFECTS: http_500 and expired_token become JSON-RPC errors,
 * malformed_json an unparseable answer line reported at once); stream_cut does not apply and the
 * call goes through, its span saying so.
 */
export class FaultyStdioConnection implements Connection {
  readonly kind: Connection['kind'];
  readonly target: string;

  constructor(
    private readonly inner: Connection,
    private readonly session: Layer2Session,
  ) {
    this.kind = inner.kind;
    this.target = inner.target;
  }

  unsolicited(): UnsolicitedRecord[] {
    return this.inner.unsolicited();
  }

  stderrTail(): string {
    return this.inner.stderrTail();
  }

  close(): Promise<CloseInfo> {
    return this.inner.close();
  }

  async send(message: OutgoingMessage): Promise<TransportExchange> {
    const parsed = message.expectAnswer ? parseJsonMessage(message.body) : undefined;
    if (parsed?.method === 'tools/call' && parsed.id !== undefined) return this.toolCall(message, parsed);
    if (parsed?.method === 'tools/list' && this.session.rewritesToolsList) {
      return rewrite(await this.inner.send(message), (result) => this.session.transformToolsList(result));
    }
    return this.inner.send(message);
  }

  private async toolCall(message: OutgoingMessage, request: ReceivedMessage): Promise<TransportExchange> {
    const startedAt = Date.now();
    const decision = this.session.onToolCall(request);
    const fault = decision.fault?.applied ? decision.fault : undefined;
    const synthetic = (line: string, failure?: string): TransportExchange => {
      const answer = parseJsonMessage(line);
      return {
        transport: 'stdio',
        request: { method: message.method, body: message.body },
        response: { body: line, messages: answer ? [answer] : [], answer, garbage: answer ? [] : [`not a JSON-RPC message: ${line.slice(0, 200)}`] },
        failure,
        startedAt,
        durationMs: Date.now() - startedAt,
      };
    };
    switch (fault?.type) {
      case 'http_500':
        return synthetic(JSON.stringify({ jsonrpc: '2.0', id: request.id, error: { code: -32603, message: FAULT_TEXT.http500 } }));
      case 'expired_token':
        return synthetic(JSON.stringify({ jsonrpc: '2.0', id: request.id, error: { code: -32001, message: FAULT_TEXT.expiredToken } }));
      case 'malformed_json': {
        const line = `{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":{"content":[{"type":"text","text":"{\\"loc`;
        return synthetic(line, `the answer line is not JSON-RPC: ${line.slice(0, 80)}`);
      }
      case 'timeout':
        // The request is swallowed: nothing comes back before the deadline.
        await delay(message.timeoutMs);
        return { transport: 'stdio', request: { method: message.method, body: message.body }, failure: `no response within ${message.timeoutMs} ms`, startedAt, durationMs: Date.now() - startedAt };
      case 'slow':
        await delay(fault.delayMs ?? 0);
        break;
      default:
        break;
    }
    if (decision.simulate) {
      const line = JSON.stringify({ jsonrpc: '2.0', id: request.id, result: this.session.simulatedResult(request) });
      return rewrite(synthetic(line), (result) => this.session.transformToolResult(decision, result));
    }
    return rewrite(await this.inner.send(message), (result) => this.session.transformToolResult(decision, result));
  }
}

/** The exchange with its answer's result rewritten (the recorded body shows what the client was given). */
function rewrite(exchange: TransportExchange, transform: (result: JsonObject) => JsonObject): TransportExchange {
  const answer = exchange.response?.answer;
  if (!exchange.response || !answer || !isObject(answer.result)) return exchange;
  const replaced: ReceivedMessage = { ...answer, result: transform(answer.result) };
  const line = JSON.stringify(replaced);
  return {
    ...exchange,
    response: { ...exchange.response, answer: replaced, messages: exchange.response.messages.map((m) => (m === answer ? replaced : m)), body: line },
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

