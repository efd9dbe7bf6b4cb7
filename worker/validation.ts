/**
 * Turns schema validation failures into the API's error shape, in the project's own words: each message names the
 * parameter (`goal.at[1]`), says what it must be, and quotes what was sent — never the validation library's phrasing.
 */
import type { Hook } from '@hono/zod-openapi';
import type { AppEnv } from './env.ts';

/** The parts of a zod issue the messages use (zod 4 issue shapes). */
interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  values?: unknown[];
  errors?: Issue[][];
}

const EXAMPLE_LAYOUT = 'VBBV-VBBV-VHHV-VSSV-S..S';

/** What a field must be, where its schema's own words would not tell a person (unions, patterns, cells). */
const FIELD_FORMS: Record<string, string> = {
  layout: `a layout code such as ${EXAMPLE_LAYOUT}`,
  goal: 'an object { "piece": …, "at": [row, col] }, or text: "B@3,1", a goal drawing such as "....-....-....-.BB.-.BB.", or for tiles puzzles a tiles code such as "123-456-78."',
  'goal.piece': 'a piece letter such as "B", or the piece\'s top-left cell [row, col]',
  'goal.at': 'the target top-left cell [row, col]',
};

/** How zod names the types it expected, in plain words. */
const TYPE_WORDS: Record<string, string> = {
  int: 'a whole number',
  tuple: 'a cell [row, col]',
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean (true or false)',
};

/** `goal.at[1]`: the path as one would write it in JavaScript. */
function fieldName(path: PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
}

/** The key of FIELD_FORMS for a path: array positions dropped (`goal.at[1]` → `goal.at`). */
function formKey(path: PropertyKey[]): string {
  return path.filter((p) => typeof p !== 'number').map(String).join('.');
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

/** What was sent, briefly: `"foo"`, `-1`, `[0,1,2]`, `an object`. */
function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/** The JSON type of a value, with its article: "a number", "an array", "null". */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return withArticle(typeof value);
}

/** "a string", "an array", "an object". */
function withArticle(word: string): string {
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}

/** "move, straight or step". */
function orList(values: unknown[]): string {
  const words = values.map(String);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');
}

/** Of a union's branches, the one the value got furthest into: its first issue is not about the value's own type. */
function closestBranch(issue: Issue): Issue | undefined {
  const branches = issue.errors ?? [];
  const reached = branches.find((issues) => issues[0] && !(issues[0].code === 'invalid_type' && issues[0].path.length === 0));
  return reached?.[0] ? { ...reached[0], path: [...issue.path, ...reached[0].path] } : undefined;
}

/** One issue in plain words; `input` is what the request sent (the query or the body), to quote the wrong value. */
function sentence(issue: Issue, input: unknown, target: string): string {
  const field = fieldName(issue.path);
  const value = valueAt(input, issue.path);
  const form = FIELD_FORMS[formKey(issue.path)];
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return `${field} is required${form ? `: give ${form}` : ''}`;
      if (Array.isArray(value) && target === 'query') return `${field} is given more than once; give it once`;
      if (issue.expected === 'int') return `${field} must be a whole number (got ${shown(value)})`;
      return `${field} must be ${TYPE_WORDS[issue.expected ?? ''] ?? withArticle(issue.expected ?? 'something else')}, not ${typeOf(value)}`;
    case 'too_small':
    case 'too_big': {
      const limit = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
      const small = issue.code === 'too_small';
      if (issue.origin === 'string') {
        const length = typeof value === 'string' ? value.length : 0;
        if (small && length === 0) return `${field} is empty${form ? `: give ${form}` : ''}`;
        return `${field} has ${length} characters, at ${small ? 'least' : 'most'} ${limit}`;
      }
      if (issue.origin === 'array') return `${field} must be ${form ?? `${limit} items`} (got ${shown(value)})`;
      return `${field} must be at ${small ? 'least' : 'most'} ${limit} (got ${shown(value)})`;
    }
    case 'invalid_value':
      return `${field} must be ${orList(issue.values ?? [])} (got ${shown(value)})`;
    case 'invalid_format':
      return `${field} must be ${form ?? 'in its documented format'} (got ${shown(value)})`;
    case 'invalid_union': {
      const branch = closestBranch(issue);
      if (branch) return sentence(branch, input, target);
      return `${field} must be ${form ?? 'one of the documented forms'}, not ${typeOf(value)}`;
    }
    default:
      return `${field} is not valid (got ${shown(value)})`;
  }
}

export function describeIssue(issue: Issue | undefined, target: string, input?: unknown): { code: string; message: string } {
  const code = `invalid-${target}`;
  if (!issue) return { code, message: `the ${target} is invalid` };
  if (!issue.path.length) {
    const what = target === 'json' ? 'the request body must be a JSON object' : `the ${target} is invalid`;
    return { code, message: `${what} (got ${typeOf(input)})` };
  }
  // The codec says the same of an over-long layout it is given in any other way.
  const tooLong = fieldName(issue.path) === 'layout' && issue.code === 'too_big';
  return { code: tooLong ? 'too-long' : code, message: sentence(issue, input, target) };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const validationHook: Hook<any, AppEnv, any, any> = (result, c) => {
  if (result.success) return;
  // @hono/zod-validator hands the hook what was validated as `data` on failure too; zod-openapi's type leaves it out.
  const input = (result as { data?: unknown }).data;
  return c.json({ error: describeIssue(result.error.issues[0] as Issue | undefined, result.target, input) }, 400);
};
