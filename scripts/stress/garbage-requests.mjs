// Requests made from the server's OpenAPI document with fast-check: for every operation, values
// that follow its schemas, values at their bounds, and garbage (wrong types, missing and extra
// fields, strings up to 1 MB, odd Unicode, NUL bytes, deep nesting, wrong content types, bad ids).
// Seeded: the same seed gives the same requests.
import fc from 'fast-check';

const MB = 1024 * 1024;

/** Strings a parser or a database may choke on. */
const oddString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uFEFF',
    '\u202Eevil',
    '\uD800',
    '\uDFFF',
    'ｆｕｌｌ',
    'é'.normalize('NFD'),
    '👩‍👩‍👧‍👦',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '%00',
    '../../etc/passwd',
    '${jndi:ldap://x}',
    '{{7*7}}',
    'null',
    'undefined',
    'NaN',
    '-1',
    '1e309',
    '0x10',
    '2026-02-30',
    '9999-12-31T23:59:59Z',
    '1970-01-01T00:00:00Z',
    'Europe/Nowhere',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 32 }),
  fc.string({ maxLength: 300 }),
);

/** Now and then a long string, rarely one of 1 MB. */
const longString = fc.oneof(
  { weight: 20, arbitrary: fc.integer({ min: 1000, max: 70_000 }).map((n) => 'x'.repeat(n)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(MB - 64, MB, MB + 1).map((n) => 'é'.repeat(Math.floor(n / 2))),
  },
);

const badId = fc.oneof(
  fc.uuid(),
  oddString,
  fc.integer().map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    'true',
    'a'.repeat(300),
    '%2e%2e',
    '%FF',
    '%C0%80',
    '%00',
    'ABCDEF',
  ),
);

/** Nesting deep enough to find a recursive parser or validator. */
const deepNesting = fc.integer({ min: 50, max: 500 }).map((depth) => {
  let value = {};
  for (let i = 0; i < depth; i += 1) value = i % 2 ? { a: value } : [value];
  return value;
});

const garbageValue = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.anything({ maxDepth: 3, withNullPrototype: false, withObjectString: false }),
  },
  { weight: 3, arbitrary: oddString },
  {
    weight: 2,
    arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 31, -(2 ** 53), 1e308, [], {}),
  },
  { weight: 1, arbitrary: longString },
  { weight: 1, arbitrary: deepNesting },
);

/** A value that follows `schema` (JSON Schema of the OpenAPI document), with bounds now and then. */
function fromSchema(schema, depth = 0) {
  if (!schema || depth > 6) return garbageValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => fromSchema(choice, depth + 1)));
  if (schema.allOf?.length) return fromSchema(Object.assign({}, ...schema.allOf), depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 200, 2000);
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date-time')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.format === 'date')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      return fc.oneof(
        fc.string({ minLength: min, maxLength: Math.max(min, max) }),
        fc.constantFrom('x'.repeat(min), 'x'.repeat(Math.max(min, max)), 'x'.repeat(max + 1)),
      );
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e6;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e6;
      const bounds = [min, max, min - 1, max + 1, 0];
      return fc.oneof(
        type === 'integer'
          ? fc.integer({ min: Math.max(min, -2e9), max: Math.min(max, 2e9) })
          : fc.double({ min, max, noNaN: true }),
        fc.constantFrom(...bounds),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 12),
      });
    case 'object':
    default: {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, fromSchema(value, depth + 1)]),
      );
      return fc.record(record, { requiredKeys: [...required].filter((key) => key in record) });
    }
  }
}

/** A schema-following value bent in one way: a wrong type, a field missing or added, garbage inside. */
function mutated(schema) {
  const valid = fromSchema(schema);
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 2, arbitrary: garbageValue },
    {
      weight: 3,
      arbitrary: fc
        .tuple(valid, fc.nat(), garbageValue, fc.constantFrom('drop', 'replace', 'add', 'proto'))
        .map(([value, n, junk, how]) => {
          if (value === null || typeof value !== 'object' || Array.isArray(value)) return junk;
          const copy = { ...value };
          const keys = Object.keys(copy);
          const key = keys.length ? keys[n % keys.length] : 'extra';
          if (how === 'drop') delete copy[key];
          else if (how === 'replace') copy[key] = junk;
          else if (how === 'proto')
            return JSON.parse(
              `{"__proto__": {"admin": true}, "constructor": {"prototype": 1}, ${JSON.stringify(copy).slice(1)}`.replace(
                /, }$/,
                '}',
              ),
            );
          else copy[`extra_${n % 7}`] = junk;
          return copy;
        }),
    },
  );
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/problem+json',
  'image/png',
  '',
);

/** The body bytes: JSON of the value, or something that is not JSON at all. */
const rawBody = fc.oneof(
  fc.constantFrom(
    '{',
    '[',
    '{"a":',
    'null',
    '"just a string"',
    '\u0000',
    '{"a":1}{"b":2}',
    'a=1&b=2',
    '<x/>',
    '{"a":"\\ud800"}',
  ),
  fc.uint8Array({ maxLength: 256 }).map((bytes) => Buffer.from(bytes)),
  // Nesting far deeper than a value here could hold: JSON text of 1,000 to 100,000 levels.
  fc.integer({ min: 1000, max: 100_000 }).map((n) => `${'{"a":['.repeat(n)}1${']}'.repeat(n)}`),
);

/** A path parameter: percent-escapes kept as written (bad bytes on purpose), the rest encoded. */
function pathSegment(value) {
  const text = String(value ?? 'x');
  return /^(%[0-9a-f]{2})+$/i.test(text) ? text : encodeURIComponent(text.toWellFormed());
}

function fillPath(path, params) {
  return path.replace(/\{([^}]+)\}/g, (_, name) => pathSegment(params[name]));
}

/** Every operation of the document: method, path, and its parameter and body schemas. */
export function operationsOf(document) {
  const operations = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])];
      const body = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        headers: parameters.filter((p) => p.in === 'header'),
        body: body ?? (operation.requestBody ? {} : undefined),
      });
    }
  }
  return operations;
}

/**
 * The arbitrary of one request to `operation`: as whom, its path, query, headers and body.
 * `knownIds` are real ids of the site, so some requests reach a row.
 */
export function requestArbitrary(operation, knownIds) {
  const idArb = knownIds.length ? fc.oneof(badId, fc.constantFrom(...knownIds)) : badId;
  const params = fc.record(Object.fromEntries(operation.pathParams.map((p) => [p.name, idArb])));
  const query = fc.record(
    Object.fromEntries(operation.query.map((p) => [p.name, mutated(p.schema ?? {})])),
    { requiredKeys: [] },
  );
  const extraQuery = fc.option(
    fc.dictionary(fc.string({ maxLength: 8 }), oddString, { maxKeys: 3 }),
    { freq: 4 },
  );
  const body =
    operation.method === 'GET'
      ? fc.constant(undefined)
      : operation.body === undefined
        ? fc
            .option(garbageValue, { freq: 3 })
            .map((value) => (value === null ? undefined : { json: value }))
        : fc.oneof(
            { weight: 8, arbitrary: mutated(operation.body).map((value) => ({ json: value })) },
            { weight: 2, arbitrary: rawBody.map((raw) => ({ raw })) },
            { weight: 1, arbitrary: fc.constant(undefined) },
          );
  return fc
    .record({
      // The owner reaches the most operations: they get the largest share.
      as: fc.oneof(
        { weight: 2, arbitrary: fc.constant('anonymous') },
        { weight: 3, arbitrary: fc.constant('client') },
        { weight: 5, arbitrary: fc.constant('owner') },
      ),
      params,
      query,
      extraQuery,
      body,
      contentType: contentTypes,
      idempotencyKey: fc.option(
        fc.oneof(
          fc.uuid(),
          oddString.filter((v) => /^[\t\x20-\x7e\x80-\xff]*$/.test(v)),
        ),
        { freq: 3 },
      ),
    })
    .map((request) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries({
        ...request.query,
        ...(request.extraQuery ?? {}),
      })) {
        if (value === undefined) continue;
        const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
        search.append(key, text);
      }
      const query = search.toString();
      let payload;
      if (request.body?.raw !== undefined) payload = request.body.raw;
      else if (request.body?.json !== undefined)
        payload = JSON.stringify(request.body.json) ?? 'null';
      return {
        operation: `${operation.method} ${operation.path}`,
        method: operation.method,
        url: `/api${fillPath(operation.path.replace(/^\/api/, ''), request.params)}${query ? `?${query}` : ''}`,
        as: request.as,
        contentType: payload === undefined ? undefined : request.contentType,
        body: payload,
        idempotencyKey: request.idempotencyKey ?? undefined,
      };
    });
}

/** `count` requests spread over every operation, the same for the same seed. */
export function* garbageRequests(document, knownIds, count, seed) {
  const operations = operationsOf(document);
  const arbitraries = operations.map((operation) => requestArbitrary(operation, knownIds));
  for (let made = 0, batch = 0; made < count; batch += 1) {
    const [requests] = fc.sample(
      fc.tuple(
        ...arbitraries.map((arbitrary) => fc.array(arbitrary, { minLength: 1, maxLength: 1 })),
      ),
      { seed: seed + batch, numRuns: 1 },
    );
    // Each batch holds one request of every operation, in a seeded order; the last one is cut.
    const order = fc.sample(fc.shuffledSubarray(requests.flat(), { minLength: requests.length }), {
      seed: seed + batch,
      numRuns: 1,
    })[0];
    for (const request of order) {
      if (made >= count) return;
      made += 1;
      yield request;
    }
  }
}
