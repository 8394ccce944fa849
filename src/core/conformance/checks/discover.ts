import { describeOutcome, errorOf, resultOf } from '../../mcp/answer.js';
import { META_SERVER_INFO } from '../../mcp/client.js';
import { MODERN } from '../../mcp/types.js';
import { firstRequestOnly } from './version.js';
import { answeredLate, defineCheck, fail, fromSubResults, pass, skip, warn } from '../check.js';
import { errorProblem, isObject } from '../expect.js';
import type { SubResult } from '../types.js';

const MODERN_ONLY = [MODERN] as Array<typeof MODERN>;

export const discoverChecks = [
  defineCheck({
    id: 'discover-answers',
    title: 'server/discover answers with a result',
    level: 'MUST',
    requirements: ['DISC-01', 'STDIO-07', 'HTTP-ST-04', 'HTTP-ORG-02', 'META-04'],
    assertion: 1,
    eras: MODERN_ONLY,
    async run(ctx) {
      // The probe already sent server/discover as the very first message, without an Origin header.
      const exchange = ctx.discovery.exchange;
      // Sent before any check ran, so not in this check's own log: a late answer is named here.
      return answeredLate(resultOf(exchange) ? pass(`server/discover → ${describeOutcome(exchange)}`) : fail(`server/discover → ${describeOutcome(exchange)}`), [exchange]);
    },
  }),
  defineCheck({
    id: 'discover-supported-versions',
    title: 'server/discover lists supportedVersions including 2026-07-28, with capabilities and resultType "complete"',
    level: 'MUST',
    requirements: ['DISC-02'],
    assertion: 1,
    eras: MODERN_ONLY,
    async run(ctx) {
      const result = resultOf(ctx.discovery.exchange) ?? {};
      const problems: string[] = [];
      const versions = result.supportedVersions;
      if (!Array.isArray(versions) || !versions.every((v) => typeof v === 'string')) problems.push('supportedVersions is not a string array');
      else if (!versions.includes(MODERN)) problems.push(`supportedVersions ${JSON.stringify(versions)} does not include "${MODERN}"`);
      if (!isObject(result.capabilities)) problems.push('capabilities is not an object');
      if (result.resultType !== 'complete') problems.push(`resultType is ${JSON.stringify(result.resultType)}, not "complete"`);
      return problems.length ? fail(problems.join('; ')) : pass(`supportedVersions ${JSON.stringify(versions)}`);
    },
  }),
  defineCheck({
    id: 'discover-server-info',
    title: 'server/discover names the server in _meta serverInfo',
    level: 'SHOULD',
    requirements: ['DISC-04', 'DISC-05'],
    eras: MODERN_ONLY,
    async run(ctx) {
      const result = resultOf(ctx.discovery.exchange) ?? {};
      const info = isObject(result._meta) ? result._meta[META_SERVER_INFO] : undefined;
      if (result.instructions !== undefined && typeof result.instructions !== 'string') return fail('instructions is present but not a string');
      if (!isObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string') {
        return fail(`result._meta["${META_SERVER_INFO}"] should be {name, version}; got ${JSON.stringify(info)}`);
      }
      return pass(`${info.name} ${info.version}`);
    },
  }),
  defineCheck({
    id: 'capabilities-declared',
    title: 'Every feature the server serves is declared in capabilities, and every declared list answers',
    level: 'MUST',
    requirements: ['DISC-06', 'RSRC-09', 'PRMT-01'],
    eras: MODERN_ONLY,
    async run(ctx) {
      const probes: Array<[capability: 'tools' | 'resources' | 'prompts', method: string]> = [
        ['tools', 'tools/list'],
        ['resources', 'resources/list'],
        ['prompts', 'prompts/list'],
      ];
      const subResults: SubResult[] = [];
      for (const [capability, method] of probes) {
        const exchange = ctx.declares(capability) ? (await ctx.list(method)).pages[0] : await ctx.client.request(method, {});
        const served = resultOf(exchange) !== undefined;
        if (ctx.declares(capability)) {
          subResults.push(served ? { id: capability, status: 'pass', message: `declared, and ${method} answers` } : { id: capability, status: 'fail', message: `declared, but ${method} → ${describeOutcome(exchange)}` });
        } else {
          subResults.push(served ? { id: capability, status: 'fail', message: `${method} answers with a result, but capabilities.${capability} is not declared` } : { id: capability, status: 'pass', message: `not declared, and ${method} is not served` });
        }
      }
      return fromSubResults(subResults, 'capabilities match what the server serves', 'capability');
    },
  }),
  defineCheck({
    id: 'undeclared-method-not-found',
    title: 'A method whose capability is not declared gets -32601 (HTTP 404)',
    level: 'SHOULD',
    requirements: ['DISC-07'],
    eras: MODERN_ONLY,
    async run(ctx) {
      const candidates: Array<['tools' | 'resources' | 'prompts', string]> = [
        ['prompts', 'prompts/list'],
        ['resources', 'resources/list'],
        ['tools', 'tools/list'],
      ];
      const undeclared = candidates.find(([capability]) => !ctx.declares(capability));
      if (!undeclared) return skip('the server declares tools, resources and prompts');
      const exchange = await ctx.client.request(undeclared[1], {});
      const problem = errorProblem(exchange, { codes: [-32601], status: 404, probe: `${undeclared[1]} without capabilities.${undeclared[0]}` });
      return problem ? fail(problem) : pass(`${undeclared[1]} → ${describeOutcome(exchange)}`);
    },
  }),
  defineCheck({
    id: 'discover-version-checked',
    title: 'server/discover with an unsupported version gets -32022 like any other method',
    level: 'MUST',
    requirements: ['DISC-08'],
    assertion: 6,
    eras: MODERN_ONLY,
    async run(ctx) {
      const exchange = await ctx.client.request('server/discover', {}, { version: '1900-01-01', label: 'version 1900-01-01' });
      const problem = errorProblem(exchange, { codes: [-32022], status: 400, probe: 'server/discover with version 1900-01-01' });
      if (problem) return fail(problem + (await firstRequestOnly(ctx, 'server/discover', '1900-01-01')));
      const error = errorOf(exchange);
      return isObject(error?.data) ? pass('server/discover is version-checked: -32022') : warn('-32022 without data.supported/data.requested (see unsupported-version)');
    },
  }),
];
