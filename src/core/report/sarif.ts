import type { CheckResult, Level } from '../conformance/types.js';
import { stripXmlIllegal, truncate } from './escape.js';
import { isBlockingFailure } from './outcome.js';
import type { Report } from './types.js';
import { surfaceSarif } from './sarif-surface.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export const DEFAULT_INFORMATION_URI = 'https://www.npmjs.com/package/mcp-evals-kit';

export interface SarifOptions {
  /** The file results point at, where one exists (the config file); without it results have logical locations only. */
  configPath?: string;
  /** tool.driver.informationUri; default the package's page. */
  informationUri?: string;
}

type SarifLevel = 'error' | 'warning' | 'note';

const LEVELS: Record<Level, SarifLevel> = { MUST: 'error', SHOULD: 'warning', MAY: 'note' };

/** Result messages are cut here; report.json has them whole. */
const MESSAGE_CHARS = 4000;

/**
 * conformance.sarif: SARIF 2.1.0 for GitHub code scanning. One rule per check id, one result
 * per failing (error) or warning (warning) check; a failure accepted by --expected-failures is
 * a note. Every result points at line 1 of the config file where there is one (a server has no
 * source here); `mcp-evals conformance` and `surface` have none, and name no file that does not exist.
 */
export function renderSarif(report: Report, options: SarifOptions = {}): string {
  const checks = report.conformance?.checks ?? [];
  const ruleIndex = new Map<string, number>();
  const rules: object[] = [];
  for (const check of checks) {
    if (ruleIndex.has(check.id)) continue;
    ruleIndex.set(check.id, rules.length);
    rules.push(rule(check));
  }
  const uri = options.configPath ? toUri(options.configPath) : undefined;
  const results = checks.filter((check) => check.status === 'fail' || check.status === 'warn').map((check) => result(check, ruleIndex.get(check.id) ?? 0, uri));
  if (report.surface) {
    const surface = surfaceSarif(report.surface, rules.length, uri);
    rules.push(...surface.rules);
    results.push(...surface.results);
  }
  const sarif = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'mcp-evals',
            version: report.header.tool.version,
            semanticVersion: /^\d+\.\d+\.\d+/.test(report.header.tool.version) ? report.header.tool.version : undefined,
            informationUri: options.informationUri ?? DEFAULT_INFORMATION_URI,
            rules,
          },
        },
        results,
        properties: {
          specRevision: report.header.specRevision,
          protocolEra: report.conformance?.era ?? report.header.protocolEra,
          transport: report.header.server.transport,
          serverName: report.header.server.name,
          serverVersion: report.header.server.version,
        },
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}

function rule(check: CheckResult): object {
  const title = clean(check.title) || check.id;
  return {
    id: check.id,
    name: pascalCase(check.id),
    shortDescription: { text: title },
    fullDescription: { text: `${title} (${check.level}${check.requirements.length > 0 ? `: ${check.requirements.join(', ')}` : ''})` },
    defaultConfiguration: { level: LEVELS[check.level] },
    properties: { tags: [...check.requirements], level: check.level, ...(check.assertion !== undefined ? { assertion: check.assertion } : {}) },
  };
}

function result(check: CheckResult, ruleIndex: number, uri: string | undefined): object {
  const level: SarifLevel = check.status === 'warn' ? 'warning' : isBlockingFailure(check) ? 'error' : 'note';
  const prefix = check.status === 'fail' && !isBlockingFailure(check) ? 'expected failure: ' : '';
  return {
    ruleId: check.id,
    ruleIndex,
    level,
    message: { text: `${prefix}${clean(truncate(check.message, MESSAGE_CHARS)) || check.title}` },
    locations: [uri ? { physicalLocation: { artifactLocation: { uri }, region: { startLine: 1 } } } : { logicalLocations: [{ fullyQualifiedName: check.id, kind: 'member' }] }],
    properties: { requirements: [...check.requirements], era: check.era },
  };
}

/** Server text, minus control characters (JSON would escape them; viewers would still show garbage). */
function clean(text: string): string {
  return stripXmlIllegal(text).trim();
}

/** A repository-relative path as a SARIF URI: forward slashes, no leading `./`. */
function toUri(path: string): string {
  return encodeURI(path.replace(/\\/g, '/').replace(/^(\.\/)+/, ''));
}

function pascalCase(id: string): string {
  return id.split(/[^A-Za-z0-9]+/).filter(Boolean).map((part) => part[0].toUpperCase() + part.slice(1)).join('');
}
