/**
 * Supply chain and release: every third-party action in what this repository ships (its
 * workflows, the one `mcp-evals init` writes, the README's snippets) is pinned by a full commit
 * SHA with its version as a comment, Dependabot keeps the pins current, paid runs are grouped so
 * quick pushes do not race, and the release workflow builds, checks, tests, tags, publishes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkflow, parseYaml, ROOT, workflowFiles, type Step } from './helpers.js';

/** This repository's own action and workflow: released with it, pinned to the release commit by the release workflow. */
const OURS = /^mcp-evals\/mcp-evals(\/[\w./-]+)?@v1$/;

/** Every `uses:` line of a text (a workflow file, or a README's YAML blocks), with its line number. */
function usesLines(text: string): Array<{ line: number; uses: string; comment: string }> {
  return text.split('\n').flatMap((line, index) => {
    const match = /^\s*(?:-\s+)?uses:\s*(\S+)\s*(?:#\s*(.*))?$/.exec(line);
    return match ? [{ line: index + 1, uses: match[1], comment: match[2] ?? '' }] : [];
  });
}

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const readmeYaml = [...README.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]).join('\n');
const SHIPPED = [...workflowFiles().map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') })), { file: 'README.md (yaml blocks)', text: readmeYaml }];

describe('pins', () => {
  it.each(SHIPPED)('$file: every third-party action is pinned to a 40-hex commit SHA with its version as a comment', ({ file, text }) => {
    const lines = usesLines(text);
    expect(lines.length, file).toBeGreaterThan(0);
    for (const { line, uses, comment } of lines) {
      if (uses.startsWith('./') || OURS.test(uses)) continue;
      expect(uses, `${file}:${line}`).toMatch(/^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@[0-9a-f]{40}$/);
      expect(comment, `${file}:${line}: the version the SHA is`).toMatch(/^v\d+\.\d+\.\d+$/);
    }
  });

  it('pins one SHA per action and version everywhere', () => {
    const seen = new Map<string, string>();
    for (const { text } of SHIPPED) {
      for (const { uses, comment } of usesLines(text)) {
        const [name, ref] = uses.split('@');
        if (!/^[0-9a-f]{40}$/.test(ref ?? '')) continue;
        const before = seen.get(name);
        if (before) expect(`${ref} ${comment}`, name).toBe(before);
        seen.set(name, `${ref} ${comment}`);
      }
    }
    expect([...seen.keys()].sort()).toEqual(['actions/checkout', 'actions/download-artifact', 'actions/setup-node', 'actions/upload-artifact']);
  });

  it('Dependabot updates the actions (here and in golden-template/) and the npm dependencies', () => {
    const config = parseYaml(readFileSync(join(ROOT, '.github', 'dependabot.yml'), 'utf8'), 'dependabot.yml') as { version: number; updates: Array<{ 'package-ecosystem': string; directory?: string; directories?: string[] }> };
    expect(config.version).toBe(2);
    const actions = config.updates.find((u) => u['package-ecosystem'] === 'github-actions');
    expect(actions?.directories).toEqual(expect.arrayContaining(['/', '/golden-template']));
    expect(config.updates.find((u) => u['package-ecosystem'] === 'npm')?.directory).toBe('/');
  });
});

describe('concurrency', () => {
  const PR_CANCELS = "${{ github.event_name == 'pull_request' }}";
  it('the reusable workflow: one run per pull request (cancelling) and per ref (queued), apart from its caller\'s group', () => {
    const { concurrency } = loadWorkflow('.github/workflows/mcp-evals.yml') as { concurrency: { group: string; 'cancel-in-progress': string } };
    expect(concurrency.group).toMatch(/^mcp-evals-reusable-/);
    expect(concurrency.group).toContain('github.event.pull_request.number || github.ref');
    expect(concurrency['cancel-in-progress']).toBe(PR_CANCELS);
  });

  it('the template and the README\'s caller snippet group per pull request and per ref, with another group than the reusable workflow', () => {
    const template = loadWorkflow('golden-template/.github/workflows/mcp-evals.yml') as { concurrency: { group: string; 'cancel-in-progress': string } };
    const blocks = [...README.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match, index) => parseYaml(match[1], `README yaml ${index}`) as { jobs?: Record<string, { uses?: string }>; concurrency?: { group: string; 'cancel-in-progress': string } });
    const caller = blocks.find((block) => Object.values(block.jobs ?? {}).some((job) => job.uses?.includes('.github/workflows/mcp-evals.yml')));
    for (const concurrency of [template.concurrency, caller?.concurrency]) {
      expect(concurrency?.group).toContain('github.event.pull_request.number || github.ref');
      expect(concurrency?.group.startsWith('mcp-evals-reusable-')).toBe(false);
      expect(concurrency?.['cancel-in-progress']).toBe(PR_CANCELS);
    }
  });
});

describe('the release workflow', () => {
  const release = loadWorkflow('.github/workflows/release.yml');
  const steps: Step[] = release.jobs.release.steps ?? [];
  const runs = steps.map((s) => s.run ?? '');
  const at = (pattern: RegExp) => runs.findIndex((text) => pattern.test(text));

  it('is started by hand, one at a time, with contents and id-token write only', () => {
    expect(Object.keys(release.on as object)).toEqual(['workflow_dispatch']);
    expect(release.permissions).toEqual({});
    expect(release.jobs.release.permissions).toEqual({ contents: 'write', 'id-token': 'write' });
  });

  it('builds, checks dist, tests, then tags vX.Y.Z, moves the major tag, publishes with provenance and writes notes from CHANGELOG.md, in that order', () => {
    const order = [/npm ci/, /npm run build/, /npm run package[\s\S]*git diff --exit-code[^\n]*-- dist\//, /npm test/, /CHANGELOG\.md/, /git tag -a "v\$VERSION"/, /git tag -fa "\$MAJOR"/, /npm publish --provenance/, /gh release create "v\$VERSION"[^\n]*--notes-file/];
    const positions = order.map((pattern) => at(pattern));
    for (const [index, position] of positions.entries()) expect(position, String(order[index])).toBeGreaterThanOrEqual(0);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(runs.join('\n')).toContain('git push --force origin "$MAJOR"');
    expect(steps.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with?.['registry-url']).toBe('https://registry.npmjs.org');
  });

  it('pins the reusable workflow\'s own action and CLI checkout to the tested commit in the release commit', () => {
    const pin = runs[at(/git tag -a/)];
    expect(pin).toContain('uses: mcp-evals/mcp-evals)@v[0-9]+');
    expect(pin).toContain('MCP_EVALS_REF');
    expect(steps[at(/git tag -a/)].env?.TESTED).toBe('${{ github.sha }}');
  });

  it('has a CHANGELOG.md section for the version in package.json', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8')).toMatch(new RegExp(`^## \\[?${version.replace(/\./g, '\\.')}\\]?( |$)`, 'm'));
  });
});
