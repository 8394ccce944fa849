/**
 * Every tool name the user wrote (expect_tool, expect_sequence, faults[].tool, inject[].tool,
 * deny_tools in tasks.yaml; allow_destructive_tools in the config) checked against the server's
 * tools/list before the first model call: a typo is a configuration error at its line and column,
 * not a paid run that reports 0/5 as if the model had failed.
 */
import { readFile } from 'node:fs/promises';
import type { EvalConfig } from '../config/types.js';
import { didYouMean, InvalidFileError, locatePath, parseYamlSource, type Problem, type YamlSource } from '../golden/yaml-source.js';
import type { GoldenSet } from '../golden/types.js';
import type { SourceLocation } from '../golden/types.js';

/** One tool name as written: the field it is in (for the message) and the path of its YAML node. */
interface NameUse {
  name: string;
  field: string;
  path: string[];
}

/** Every problem with a tool name, in tasks.yaml and the config; empty when all are listed. */
export async function toolNameProblems(config: Pick<EvalConfig, 'file' | 'allow_destructive_tools'>, golden: GoldenSet, listed: readonly string[]): Promise<Problem[]> {
  const known = new Set(listed);
  const uses: Array<{ file: string; uses: NameUse[] }> = [
    { file: golden.file, uses: golden.cases.flatMap((testCase, index) => caseUses(testCase, String(index))) },
    { file: config.file, uses: (config.allow_destructive_tools ?? []).map((name, index) => ({ name, field: 'allow_destructive_tools', path: ['allow_destructive_tools', String(index)] })) },
  ];
  const problems: Problem[] = [];
  for (const { file, uses: inFile } of uses) {
    const unknown = inFile.filter((use) => !known.has(use.name));
    if (unknown.length === 0) continue;
    const source = await sourceOf(file);
    for (const use of unknown) {
      const location: SourceLocation = source ? locatePath(source, use.path) : { file, line: 1, column: 1 };
      problems.push({ location, message: unknownToolMessage(use, listed) });
    }
  }
  return problems;
}

/** Throws an InvalidFileError (exit 2) naming every unknown tool at its line and column. */
export async function checkToolNames(config: Pick<EvalConfig, 'file' | 'allow_destructive_tools'>, golden: GoldenSet, listed: readonly string[]): Promise<void> {
  const problems = await toolNameProblems(config, golden, listed);
  if (problems.length > 0) throw new InvalidFileError(problems[0].location.file, problems);
}

export function unknownToolMessage(use: { name: string; field: string }, listed: readonly string[]): string {
  const closest = didYouMean(use.name, listed);
  const hint = closest ? ` (did you mean "${closest}"?)` : '';
  const tools = listed.length === 0 ? 'the server lists no tools' : `the server lists ${listed.slice(0, 20).map((name) => `"${name}"`).join(', ')}${listed.length > 20 ? `, and ${listed.length - 20} more` : ''}`;
  return `${use.field}: the server has no tool "${use.name}"${hint}; ${tools}`;
}

function caseUses(testCase: GoldenSet['cases'][number], index: string): NameUse[] {
  const label = `case "${testCase.id}": `;
  const uses: NameUse[] = [];
  if (typeof testCase.expect_tool === 'string') uses.push({ name: testCase.expect_tool, field: `${label}expect_tool`, path: [index, 'expect_tool'] });
  testCase.expect_sequence?.forEach((name, i) => uses.push({ name, field: `${label}expect_sequence`, path: [index, 'expect_sequence', String(i)] }));
  testCase.faults?.forEach((fault, i) => {
    if (fault.tool !== undefined) uses.push({ name: fault.tool, field: `${label}faults[${i}].tool`, path: [index, 'faults', String(i), 'tool'] });
  });
  testCase.inject?.forEach((inject, i) => {
    if (inject.tool !== undefined) uses.push({ name: inject.tool, field: `${label}inject[${i}].tool`, path: [index, 'inject', String(i), 'tool'] });
    inject.deny_tools?.forEach((name, j) => uses.push({ name, field: `${label}inject[${i}].deny_tools`, path: [index, 'inject', String(i), 'deny_tools', String(j)] }));
  });
  return uses;
}

async function sourceOf(file: string): Promise<YamlSource | undefined> {
  try {
    return parseYamlSource(await readFile(file, 'utf8'), file).source;
  } catch {
    return undefined;
  }
}
