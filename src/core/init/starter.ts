/**
 * The files `mcp-evals init` writes into an existing project, made from the golden template so the
 * two never drift: the config pointing at the user's server, and a golden set that is valid for any
 * server until the user writes cases for their own tools.
 */
import type { ServerGuess } from './server-command.js';

/** A first golden set: one negative case any server passes or fails meaningfully, and how to add more. */
export const STARTER_TASKS = `# Golden set for this MCP server. Each case runs \`runs\` times per model (default 5) and is
# reported as k/n. A failure seen once belongs here forever: \`mcp-evals capture\` turns a failed
# run into a new case.
#
# Fields: id, prompt, expect_tool (null = no tool may be called), expect_args, arg_match,
# expect_sequence (+ sequence_mode), expected (final answer), max_steps, tier, kind, rubric,
# scorers, runs, input_responses.
#
# Add a case per thing your users ask for, naming the tool that should answer it, e.g.:
#
# - id: lookup-basic
#   prompt: "What is the status of order 1042?"
#   expect_tool: get_order            # one of your server's tools (\`mcp-evals surface\` lists them)
#   expect_args: {order_id: "1042"}

# --- negative: small talk needs no tool ------------------------------------------------------
- id: no-tool-small-talk
  prompt: "Hi! Just saying thanks for the help earlier."
  tier: basic
  expect_tool: null
`;

/** The template's mcp-evals.yml with its server section pointing at the user's server. */
export function configFor(template: string, guess: ServerGuess | undefined): string {
  const server = guess
    ? `server:\n  # from ${guess.source}; for Streamable HTTP give url: (and start:, ready_url:) instead\n  command: ${JSON.stringify(guess.command)}\n`
    : `server:\n  # TODO: how your MCP server starts over stdio (or url: for Streamable HTTP); init could not tell\n  command: "node server.js"\n`;
  return template
    .replace(/^#[^\n]*\n/, '# mcp-evals configuration for this MCP server (written by `mcp-evals init`).\n')
    .replace(/^server:\n(?:[ \t]+[^\n]*\n)*/m, server);
}

/** The template's workflow with the step that installs the user's server. */
export function workflowFor(template: string, guess: ServerGuess | undefined): string {
  return guess ? template.replace(/setup-command: .*/, `setup-command: ${guess.setup}`) : template;
}
