import fc from 'fast-check';

// Hostile values for the fuzz test, and the JSON text they travel as. A value is a tree whose
// objects are lists of [key, value] pairs, so that keys such as __proto__ stay plain keys, and
// whose `raw` leaves are written verbatim (numbers JSON.stringify cannot write, deep nesting).
export type V = null | boolean | number | string | { raw: string } | { arr: V[] } | { obj: [string, V][] };

export const MEGA = 'a'.repeat(1 << 20);
const DEPTH = 10_000;

const SAMPLES = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0003',
  '\u0007\u001b[31m',
  'line\nbreak',
  'tab\there',
  '\r\n',
  '\u007f',
  '\u0085\u2028\u2029',
  '\ud800',
  'x\udfff',
  '\udbff\udfff',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '{constructor}',
  '{{__proto__}}',
  'Hello {toString} {hasOwnProperty}',
  '%00',
  '%ZZ',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '=cmd|"/c calc"!A1',
  '😀',
  '',
  ' ',
  'NaN',
  '-1',
  '1e400',
  'null',
  '[]',
];

const char = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);

const CONTROLS = ['\u0000', 'a\u0000b', 'x\u0001y', '\u001f', 'a\u0000\ud800'];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...CONTROLS) },
  { weight: 4, arbitrary: fc.constantFrom(...SAMPLES) },
  { weight: 3, arbitrary: fc.string({ unit: char, maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom(MEGA, `${MEGA}\u0000`, `\u0000${MEGA.slice(1)}`) },
);

const RAW = [
  '1e400',
  '-1e400',
  '1e308',
  '-1e308',
  '9007199254740993',
  '-0',
  '0.0000000000000000000001',
  '['.repeat(DEPTH) + ']'.repeat(DEPTH),
  `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`,
];

const protoObject: fc.Arbitrary<V> = fc.constantFrom<V>(
  { obj: [['__proto__', { obj: [['isAdmin', true]] }]] },
  { obj: [['constructor', { obj: [['prototype', { obj: [['polluted', true]] }]] }]] },
  {
    obj: [
      ['toString', 'x'],
      ['valueOf', 1],
      ['hasOwnProperty', null],
    ],
  },
);

/** Any hostile JSON value: strings, wrong types, huge numbers, deep nesting, prototype keys. */
export const hostileValue: fc.Arbitrary<V> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(...RAW).map((raw): V => ({ raw })) },
  { weight: 1, arbitrary: fc.constantFrom<V>(null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, -Number.MAX_VALUE) },
  { weight: 1, arbitrary: protoObject },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }).map((a): V => ({ arr: a })) },
);

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  format?: string;
};

const plain = (x: unknown): V => (x === null || ['string', 'number', 'boolean'].includes(typeof x) ? (x as V) : null);
const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type[0] : s.type);
const branchesOf = (s: Schema) => s.anyOf ?? s.oneOf ?? s.allOf;

const STRINGS = [
  'Fuzz',
  'Ada Lovelace',
  'https://example.com/a',
  'a@example.com',
  '2030-01-01',
  '+33 6 12 34 56 78',
  'stock-0',
  'sales-intro',
  'email',
  'Hello {first_name}, this is a script long enough.',
];

/** A value the schema accepts as far as JSON Schema tells (so that validation lets it through). */
export function validFor(schema: Schema | undefined, ids: readonly string[] = [], depth = 0): fc.Arbitrary<V> {
  if (!schema || depth > 4) return fc.constant(null);
  const branches = branchesOf(schema)?.filter((b) => typeOf(b) !== 'null');
  if (branches?.length) return fc.oneof(...branches.map((b) => validFor(b, ids, depth + 1)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum.map(plain));
  if (schema.const !== undefined) return fc.constant(plain(schema.const));
  switch (typeOf(schema)) {
    case 'string': {
      const fits = [...STRINGS, ...ids].filter((x) => x.length >= (schema.minLength ?? 0) && x.length <= (schema.maxLength ?? Infinity));
      return fits.length ? fc.constantFrom(...fits) : fc.constant('x'.repeat(schema.minLength ?? 1));
    }
    case 'number':
    case 'integer':
      return fc.integer({ min: Math.ceil(schema.minimum ?? 0), max: Math.floor(Math.min(schema.maximum ?? 100, (schema.minimum ?? 0) + 100)) });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc
        .array(validFor(schema.items, ids, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, 2) })
        .map((arr): V => ({ arr }));
    case 'object':
      return fieldsFor(schema, ids, depth).map((obj): V => ({ obj }));
    default:
      return fc.constant(null);
  }
}

function fieldsFor(schema: Schema, ids: readonly string[], depth: number): fc.Arbitrary<[string, V][]> {
  const props = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = props.map(([name, s]) => {
    const value = validFor(s, ids, depth + 1);
    return (required.has(name) ? value : fc.option(value, { nil: undefined })).map((v) => [name, v] as const);
  });
  return fc.tuple(...fields).map((fs) => fs.filter((f): f is readonly [string, V] => f[1] !== undefined).map(([k, v]) => [k, v] as [string, V]));
}

/** A valid value with exactly one hostile spot: one field (at any depth), or an extra prototype key. */
export function oneHostile(schema: Schema | undefined, ids: readonly string[] = [], depth = 0): fc.Arbitrary<V> {
  if (!schema || depth > 4) return hostileValue;
  const branches = branchesOf(schema)?.filter((b) => typeOf(b) !== 'null');
  if (branches?.length) return fc.oneof(...branches.map((b) => oneHostile(b, ids, depth + 1)));
  if (typeOf(schema) === 'array' && schema.items)
    return fc
      .tuple(fc.array(validFor(schema.items, ids, depth + 1), { maxLength: 2 }), oneHostile(schema.items, ids, depth + 1))
      .map(([a, h]): V => ({ arr: [...a, h] }));
  if (typeOf(schema) !== 'object' || !schema.properties || !Object.keys(schema.properties).length) return hostileValue;
  const names = Object.keys(schema.properties);
  const extraKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '\u0000', '');
  return fc
    .tuple(fieldsFor(schema, ids, depth), fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: extraKey }))
    .chain(([fields, key]) => {
      const target = schema.properties![key];
      return (target ? oneHostile(target, ids, depth + 1) : hostileValue).map((h): V => ({ obj: [...fields.filter(([k]) => k !== key), [key, h]] }));
    });
}

/** Every field maybe hostile, maybe shaped like the schema. */
export function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<V> {
  if (!schema || depth > 3) return hostileValue;
  const branches = branchesOf(schema);
  if (branches?.length) return fc.oneof(...branches.map((b) => valueFor(b, depth + 1)));
  const mix = (a: fc.Arbitrary<V>) => fc.oneof({ weight: 2, arbitrary: hostileValue }, { weight: 1, arbitrary: a });
  if (typeOf(schema) === 'object' && schema.properties) {
    const fields = Object.entries(schema.properties).map(([n, s]) => fc.option(valueFor(s, depth + 1), { nil: undefined }).map((v) => [n, v] as const));
    return mix(
      fc.tuple(...fields).map((fs): V => ({ obj: fs.filter((f): f is readonly [string, V] => f[1] !== undefined).map(([k, v]) => [k, v] as [string, V]) })),
    );
  }
  if (typeOf(schema) === 'array') return mix(fc.array(valueFor(schema.items, depth + 1), { maxLength: 3 }).map((arr): V => ({ arr })));
  return mix(validFor(schema));
}

/** A request body or tRPC input: mostly valid with one hostile spot, sometimes hostile throughout. */
export function inputFor(schema: Schema | undefined, ids: readonly string[] = []): fc.Arbitrary<V> {
  return fc.oneof({ weight: 4, arbitrary: oneHostile(schema, ids) }, { weight: 2, arbitrary: valueFor(schema) }, { weight: 1, arbitrary: hostileValue });
}

export function toJson(v: V): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if ('raw' in v) return v.raw;
  if ('arr' in v) return `[${v.arr.map(toJson).join(',')}]`;
  return `{${v.obj.map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(',')}}`;
}

/** Query and path values are text: strings as they are, anything else as its JSON. */
export const asText = (v: V) => (typeof v === 'string' ? v : toJson(v));

/** Percent-encodes a path segment or query value; an unpaired surrogate becomes invalid UTF-8 bytes. */
export function encodePart(s: string): string {
  let out = '';
  for (const ch of s) out += /\p{Cs}/u.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch);
  return out;
}
