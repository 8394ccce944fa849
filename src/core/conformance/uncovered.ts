/**
 * Requirement rows no check covers, each with the reason. docs/conformance.md is generated from
 * this and the registry; a test fails when a row is neither covered nor explained here.
 */
export const UNCOVERED: Record<string, string> = {
  'META-06': 'needs a server feature that sends input requests when elicitation is declared; not observable on an arbitrary server',
  'RSRC-04': 'internal failures cannot be provoked from outside',
  'PRMT-04': 'internal failures cannot be provoked from outside',
  'HTTP-ORG-03': 'which interface a server binds is not visible to a client',
  'MRTR-03': 'needs a tool that returns input_required; exercised by Layer 1 scripted input_responses',
  'MRTR-06': 'needs a tool that returns input_required; exercised by Layer 1 scripted input_responses',
  'MRTR-07': 'needs a tool that returns input_required; exercised by Layer 1 scripted input_responses',
  'MRTR-08': 'needs a tool that returns input_required; exercised by Layer 1 scripted input_responses',
  'MRTR-09': 'needs a tool that returns input_required; exercised by Layer 1 scripted input_responses',
  'MRTR-11': 'needs a tool that returns input_required with a form; exercised by Layer 1',
  'SUB-08': 'needs the server to end a subscription by itself',
  'SUB-09': 'needs the server to end a subscription by itself',
  'SUB-11': 'needs a way to change a list from outside the protocol',
  'CANC-01': 'needs an open subscription or a long-running request',
  'CANC-04': 'closing an SSE stream cancels a request; only server health is observable, and that needs a long-running request',
};
