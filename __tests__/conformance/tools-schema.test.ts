import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRegex, synthesizeArguments, synthesizeInvalidArguments } from '../../src/core/conformance/synthesize.js';
import { analyzeSchema, dialectOf, validateInstance } from '../../src/core/conformance/tool-schema.js';
import { scanMcpHeaders, suggestsSecret } from '../../src/core/conformance/checks/tools.js';

describe('tool-schema: dialects and meta-schema validation', () => {
  it('accepts a valid 2020-12 schema (the default dialect)', () => {
    const analysis = analyzeSchema({ type: 'object', properties: { a: { type: 'string', minLength: 1 } }, required: ['a'] });
    expect(analysis.dialect).toEqual({ supported: true, dialect: '2020-12' });
    expect(analysis.metaErrors).toEqual([]);
    expect(analysis.validate).toBeDefined();
  });

  it('checks a schema that declares draft-07 against draft-07', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      definitions: { id: { type: 'integer' } },
      properties: { id: { $ref: '#/definitions/id' }, tags: { type: 'array', items: [{ type: 'string' }], additionalItems: false } },
    };
    const analysis = analyzeSchema(schema);
    expect(analysis.dialect).toMatchObject({ supported: true, dialect: 'draft-07' });
    expect(analysis.metaErrors).toEqual([]);
    expect(analysis.missingLocalRefs).toEqual([]);
    expect(validateInstance(schema, { id: 3, tags: ['x'] }).errors).toEqual([]);
    expect(validateInstance(schema, { id: 'x' }).errors.length).toBeGreaterThan(0);
  });

  it('checks a schema that declares 2019-09 against 2019-09', () => {
    const analysis = analyzeSchema({ $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object', properties: { a: { type: 'bogus' } } });
    expect(analysis.dialect).toMatchObject({ supported: true, dialect: '2019-09' });
    expect(analysis.metaErrors?.length).toBeGreaterThan(0);
  });

  it('reports `type: 12` as invalid 2020-12', () => {
    const analysis = analyzeSchema({ type: 'object', properties: { text: { type: 12 } } });
    expect(analysis.metaErrors?.join('\n')).toMatch(/\/properties\/text\/type/);
  });

  it('calls an unknown dialect unsupported, not invalid', () => {
    expect(dialectOf({ $schema: 'http://json-schema.org/draft-04/schema#' })).toEqual({ supported: false, declared: 'http://json-schema.org/draft-04/schema#' });
    const analysis = analyzeSchema({ $schema: 'https://example.com/my-dialect', type: 'object', properties: { a: { type: 12 } } });
    expect(analysis.dialect.supported).toBe(false);
    expect(analysis.metaErrors).toBeUndefined();
  });

  it('warns about a pattern that needs the non-unicode regex flavour, and still compiles it', () => {
    const analysis = analyzeSchema({ type: 'object', properties: { slug: { type: 'string', pattern: '^[\\w-.]+$' } } });
    expect(analysis.metaErrors).toEqual([]);
    expect(analysis.compileError).toBeUndefined();
    expect(analysis.regexWarning).toMatch(/without the u \(unicode\) flag/);
    expect(analysis.validate?.({ slug: 'a-b.c' })).toBe(true);
  });

  it('reports a pattern that is no regex at all as a compile error', () => {
    expect(analyzeSchema({ type: 'object', properties: { a: { type: 'string', pattern: '((' } } }).compileError).toMatch(/Invalid regular expression/);
  });

  it('reuses one $id across schemas without clashes (fresh ajv per schema)', () => {
    const a = analyzeSchema({ $id: 'https://example.com/same.json', type: 'object', properties: { x: { type: 'string' } } });
    const b = analyzeSchema({ $id: 'https://example.com/same.json', type: 'object', properties: { x: { type: 'integer' } } });
    expect(a.compileError).toBeUndefined();
    expect(b.compileError).toBeUndefined();
    expect(a.validate?.({ x: 's' })).toBe(true);
    expect(b.validate?.({ x: 1 })).toBe(true);
  });
});

describe('tool-schema: $ref resolution', () => {
  it('resolves pointers, $defs, $anchor and $id-relative refs inside the document', () => {
    const schema = {
      type: 'object',
      $defs: {
        name: { type: 'string' },
        tagged: { $anchor: 'tag', type: 'string' },
        address: { $id: 'address.json', type: 'object', properties: { city: { $ref: '#/$defs/city' } }, $defs: { city: { type: 'string' } } },
      },
      properties: {
        a: { $ref: '#/$defs/name' },
        b: { $ref: '#tag' },
        c: { $ref: 'address.json' },
        d: { $ref: '#/properties/a' },
        e: { $ref: 'address.json#/$defs/city' },
      },
    };
    const analysis = analyzeSchema(schema);
    expect(analysis.refs).toHaveLength(6);
    expect(analysis.missingLocalRefs).toEqual([]);
    expect(analysis.externalRefs).toEqual([]);
    expect(analysis.unresolvedByCompiler).toBeUndefined();
    expect(analysis.validate?.({ a: 'x', c: { city: 'Paris' } })).toBe(true);
  });

  it('reports a missing local ref', () => {
    const analysis = analyzeSchema({ type: 'object', $defs: { Sum: { type: 'number' } }, properties: { sum: { $ref: '#/$defs/Nope' } } });
    expect(analysis.missingLocalRefs.map((ref) => [ref.ref, ref.at])).toEqual([['#/$defs/Nope', '/properties/sum']]);
    expect(analysis.validate).toBeUndefined();
    expect(validateInstance({ type: 'object', properties: { sum: { $ref: '#/$defs/Nope' } } }, {}).unchecked).toMatch(/does not resolve/);
  });

  it('reports missing anchors and $id-relative documents that are not in the schema', () => {
    const analysis = analyzeSchema({ $id: 'https://example.com/root.json', type: 'object', properties: { a: { $ref: '#nope' }, b: { $ref: 'https://example.com/root.json#/nope' } } });
    expect(analysis.missingLocalRefs.map((ref) => ref.ref)).toEqual(['#nope', 'https://example.com/root.json#/nope']);
  });

  describe('remote refs are rejected and never fetched', () => {
    let server: net.Server;
    let port = 0;
    let connections = 0;
    beforeAll(async () => {
      server = net.createServer((socket) => {
        connections += 1;
        socket.destroy();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as net.AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('classifies http refs as external, synchronously, without opening a connection', async () => {
      const schema = {
        type: 'object',
        properties: {
          a: { $ref: 'http://127.0.0.1:1/x.json' },
          b: { $ref: `http://127.0.0.1:${port}/schema.json#/$defs/thing` },
          c: { $ref: `https://127.0.0.1:${port}/other.json#anchor` },
        },
      };
      const started = performance.now();
      const analysis = analyzeSchema(schema);
      const elapsed = performance.now() - started;
      // Synchronous: the answer is there before any I/O could have happened.
      expect(analysis).not.toBeInstanceOf(Promise);
      expect(elapsed).toBeLessThan(500);
      expect(analysis.externalRefs.map((ref) => ref.ref)).toEqual(['http://127.0.0.1:1/x.json', `http://127.0.0.1:${port}/schema.json#/$defs/thing`, `https://127.0.0.1:${port}/other.json#anchor`]);
      expect(analysis.missingLocalRefs).toEqual([]);
      // The stand-ins let the rest of the schema compile, so it can still be used with a warning.
      expect(analysis.validate).toBeDefined();
      // Give a (wrongly) started fetch every chance to reach the listening server.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(connections).toBe(0);
    });

    it('treats a relative ref to a document the schema does not define as external', () => {
      const analysis = analyzeSchema({ type: 'object', properties: { a: { $ref: 'common.json#/$defs/x' } } });
      expect(analysis.externalRefs.map((ref) => ref.ref)).toEqual(['common.json#/$defs/x']);
    });

    it('does not call refs to the dialect meta-schema external', () => {
      const analysis = analyzeSchema({ type: 'object', properties: { s: { $ref: 'https://json-schema.org/draft/2020-12/schema' } } });
      expect(analysis.externalRefs).toEqual([]);
      expect(analysis.refs[0]?.kind).toBe('builtin');
    });
  });
});

describe('tool-schema: bounds', () => {
  it('flags a schema nested deeper than 32', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 40; i += 1) schema = { type: 'object', properties: { n: schema } };
    const analysis = analyzeSchema(schema);
    expect(analysis.bounds.exceeded.join()).toMatch(/more than 32 subschemas deep/);
    // Over the bounds, the checker's compiler never sees it.
    expect(analysis.bounds.compileMs).toBeUndefined();
  });

  it('flags more than 2000 subschemas', () => {
    const properties = Object.fromEntries(Array.from({ length: 2100 }, (_, i) => [`p${i}`, { type: 'string' }]));
    const analysis = analyzeSchema({ type: 'object', properties });
    expect(analysis.bounds.exceeded.join()).toMatch(/more than 2000 subschemas/);
  });

  it('reports depth, count and compile time of an ordinary schema', () => {
    const analysis = analyzeSchema({ type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'null' }] } } });
    expect(analysis.bounds).toMatchObject({ depth: 2, subschemas: 4, exceeded: [] });
    expect(analysis.bounds.compileMs).toBeTypeOf('number');
  });
});

describe('synthesize: valid arguments', () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['required strings only', { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a'], additionalProperties: false }],
    ['enum, const, default', { type: 'object', properties: { unit: { enum: ['celsius', 'fahrenheit'] }, v: { const: 2 }, n: { type: 'integer', default: 7 } }, required: ['unit', 'v', 'n'] }],
    ['formats', {
      type: 'object',
      properties: {
        d: { type: 'string', format: 'date' },
        dt: { type: 'string', format: 'date-time' },
        e: { type: 'string', format: 'email' },
        u: { type: 'string', format: 'uri' },
        id: { type: 'string', format: 'uuid' },
      },
      required: ['d', 'dt', 'e', 'u', 'id'],
    }],
    ['patterns and lengths', {
      type: 'object',
      properties: {
        month: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' },
        invoice: { type: 'string', pattern: '^INV-\\d{4}$' },
        to: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' },
        code: { type: 'string', pattern: '^[A-Z]{3}$' },
        long: { type: 'string', minLength: 12, maxLength: 20 },
        short: { type: 'string', maxLength: 3 },
      },
      required: ['month', 'invoice', 'to', 'code', 'long', 'short'],
    }],
    ['numbers within bounds', {
      type: 'object',
      properties: {
        limit: { type: 'integer', minimum: 1, maximum: 100 },
        ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        neg: { type: 'integer', maximum: -5 },
        step: { type: 'integer', minimum: 3, multipleOf: 5 },
      },
      required: ['limit', 'ratio', 'neg', 'step'],
    }],
    ['arrays with minItems, nested objects', {
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 2, uniqueItems: true },
        filter: { type: 'object', properties: { field: { type: 'string' }, op: { enum: ['eq', 'ne'] } }, required: ['field', 'op'], additionalProperties: false },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], minItems: 2, items: false },
      },
      required: ['tags', 'filter', 'pair'],
    }],
    ['$ref into $defs, recursive', {
      type: 'object',
      $defs: { node: { type: 'object', properties: { value: { type: 'integer' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } }, required: ['value'] } },
      properties: { root: { $ref: '#/$defs/node' } },
      required: ['root'],
    }],
    ['anyOf / oneOf / type arrays', {
      type: 'object',
      properties: {
        id: { anyOf: [{ type: 'null' }, { type: 'string', minLength: 2 }] },
        shape: { oneOf: [{ type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number' } }, required: ['kind', 'r'] }, { type: 'object', properties: { kind: { const: 'square' } }, required: ['kind'] }] },
        maybe: { type: ['null', 'integer'], minimum: 4 },
      },
      required: ['id', 'shape', 'maybe'],
    }],
    ['allOf', { type: 'object', allOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'boolean' } }, required: ['b'] }] }],
    ['draft-07 definitions', { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', definitions: { k: { type: 'string', enum: ['x'] } }, properties: { k: { $ref: '#/definitions/k' } }, required: ['k'] }],
    ['examples first', { type: 'object', properties: { city: { type: 'string', examples: ['Berlin'] } }, required: ['city'] }],
    ['no properties', { type: 'object' }],
  ];

  for (const [name, schema] of cases) {
    it(`synthesizes a valid instance: ${name}`, () => {
      const synthesized = synthesizeArguments(schema);
      expect(synthesized, JSON.stringify(synthesized)).toMatchObject({ ok: true });
      if (synthesized.ok) expect(validateInstance(schema, synthesized.value).errors).toEqual([]);
    });
  }

  it('takes const/enum/default/examples first and only required properties', () => {
    const synthesized = synthesizeArguments({
      type: 'object',
      properties: { unit: { enum: ['celsius', 'fahrenheit'] }, city: { type: 'string', examples: ['Berlin'] }, n: { type: 'integer', default: 7 }, optional: { type: 'string' } },
      required: ['unit', 'city', 'n'],
    });
    expect(synthesized).toEqual({ ok: true, value: { unit: 'celsius', city: 'Berlin', n: 7 } });
  });

  it('honours format and numeric bounds', () => {
    const synthesized = synthesizeArguments({
      type: 'object',
      properties: { when: { type: 'string', format: 'date' }, limit: { type: 'integer', minimum: 1, maximum: 100 } },
      required: ['when', 'limit'],
    });
    expect(synthesized).toEqual({ ok: true, value: { when: '2026-01-01', limit: 1 } });
  });

  it('skips a default that does not validate and synthesizes instead', () => {
    const synthesized = synthesizeArguments({ type: 'object', properties: { n: { type: 'integer', minimum: 10, default: 1 } }, required: ['n'] });
    expect(synthesized).toEqual({ ok: true, value: { n: 10 } });
  });

  it('gives up, with a reason, when nothing valid can be made', () => {
    expect(synthesizeArguments({ type: 'object', properties: { a: { type: 'string', pattern: '^(?=x)y$' } }, required: ['a'] })).toMatchObject({ ok: false });
    expect(synthesizeArguments({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } }, required: ['a'] })).toMatchObject({ ok: false, reason: expect.stringMatching(/does not resolve/) });
    expect(synthesizeArguments({ type: 'object', properties: { a: false }, required: ['a'] })).toMatchObject({ ok: false });
  });

  it('gives up quickly on schemas that demand huge values', () => {
    const started = performance.now();
    const tree = { type: 'object', $defs: { node: { type: 'object', properties: { kids: { type: 'array', minItems: 2, items: { $ref: '#/$defs/node' } } }, required: ['kids'] } }, properties: { root: { $ref: '#/$defs/node' } }, required: ['root'] };
    expect(synthesizeArguments(tree)).toMatchObject({ ok: false });
    expect(synthesizeArguments({ type: 'object', properties: { s: { type: 'string', minLength: 1e9 } }, required: ['s'] })).toMatchObject({ ok: false });
    expect(synthesizeArguments({ type: 'object', properties: { s: { type: 'string', pattern: '^a{100000000}$' } }, required: ['s'] })).toMatchObject({ ok: false });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('samples simple regular expressions', () => {
    for (const pattern of ['^[a-z]+$', '^\\d{3}-\\d{4}$', '^(foo|bar)baz?$', '^[A-Za-z0-9_.-]{1,128}$', 'abc', '^\\w+@\\w+\\.com$', '^[^,]{2,}$']) {
      const sample = sampleRegex(pattern);
      expect(sample, pattern).toBeDefined();
      expect(new RegExp(pattern, 'u').test(sample as string), `${pattern} → ${sample}`).toBe(true);
    }
    expect(sampleRegex('^a+$', { minLength: 5 })).toBe('aaaaa');
  });
});

describe('synthesize: invalid arguments', () => {
  it('breaks a required property\'s type first, then leaves it out', () => {
    const schema = { type: 'object', properties: { text: { type: 'string' }, n: { type: 'integer' } }, required: ['text'] };
    const candidates = synthesizeInvalidArguments(schema, { text: 'example' });
    expect(candidates[0]).toMatchObject({ property: 'text', value: { text: { 'mcp-evals': 'not a string' } } });
    expect(candidates.map((c) => c.description)).toContain('required property text left out');
    expect(candidates.some((c) => c.property === 'n' && c.value.n === 'not-an-integer')).toBe(true);
    for (const candidate of candidates) expect(validateInstance(schema, candidate.value).errors.length).toBeGreaterThan(0);
  });

  it('uses a non-numeric string for numbers and avoids header-mirrored properties', () => {
    const schema = { type: 'object', properties: { region: { type: 'string' }, a: { type: 'number' } }, required: ['region', 'a'] };
    const [first] = synthesizeInvalidArguments(schema, { region: 'example', a: 0 }, new Set(['region']));
    expect(first).toMatchObject({ property: 'a', value: { region: 'example', a: 'not-a-number' } });
  });

  it('finds nothing to break in an unconstrained schema', () => {
    expect(synthesizeInvalidArguments({ type: 'object' }, {})).toEqual([]);
  });
});

describe('x-mcp-header scan', () => {
  it('accepts valid declarations at any depth through properties', () => {
    const scan = scanMcpHeaders({
      type: 'object',
      properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, options: { type: 'object', properties: { tenant: { type: 'integer', 'x-mcp-header': 'Tenant' } } } },
    });
    expect(scan.problems).toEqual([]);
    expect(scan.declarations).toEqual([{ path: ['region'], header: 'Region' }, { path: ['options', 'tenant'], header: 'Tenant' }]);
  });

  it('reports every rule', () => {
    const scan = scanMcpHeaders({
      type: 'object',
      $defs: { d: { type: 'string', 'x-mcp-header': 'InDefs' } },
      properties: {
        a: { type: 'string', 'x-mcp-header': 'Region Name' },
        b: { type: 'number', 'x-mcp-header': 'Amount' },
        c: { type: 'string', 'x-mcp-header': '' },
        d: { type: 'string', 'x-mcp-header': 'dup' },
        e: { type: 'boolean', 'x-mcp-header': 'DUP' },
        f: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } },
        g: { type: 'string', 'x-mcp-header': 'Bad\u0001' },
        h: { anyOf: [{ type: 'string', 'x-mcp-header': 'Branch' }] },
      },
    });
    const text = scan.problems.join('\n');
    expect(text).toMatch(/"Region Name".*RFC 9110 token/);
    expect(text).toMatch(/"Amount".*"number", which is not allowed/);
    expect(text).toMatch(/"" .*is empty/);
    expect(text).toMatch(/"DUP".*repeats the header name "dup"/);
    expect(text).toMatch(/"Item".*not reached from the root through properties only/);
    expect(text).toMatch(/"InDefs".*not reached/);
    expect(text).toMatch(/control characters/);
    expect(text).toMatch(/"Branch".*not reached/);
    expect(scan.declarations.map((d) => d.header)).toEqual(['dup']);
  });
});

describe('TOOL-14 secret-looking names', () => {
  it('flags credentials, not look-alikes', () => {
    for (const name of ['api_key', 'apiKey', 'Api-Key', 'apikey', 'X-Auth-Token', 'userPassword', 'client_secret', 'accessToken', 'Authorization', 'token']) expect(suggestsSecret(name), name).toBe(true);
    for (const name of ['author', 'max_tokens', 'keyword', 'region', 'Tenant', 'passenger', 'monkey']) expect(suggestsSecret(name), name).toBe(false);
  });
});
