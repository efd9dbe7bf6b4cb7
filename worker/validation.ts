/** Turns schema validation failures into the API's error shape, naming the field and what it must be. */
import type { Hook } from '@hono/zod-openapi';
import type { AppEnv } from './env.ts';

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
}

/** "a string", "an array", "an object". */
function withArticle(word: string): string {
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}

/** What a zod `invalid_type` issue received, from its message ("… expected string, received number"). */
function received(issue: Issue): string {
  return /received (\w+)/.exec(issue.message)?.[1] ?? 'something else';
}

export function describeIssue(issue: Issue | undefined, target: string): { code: string; message: string } {
  if (!issue) return { code: `invalid-${target}`, message: `${target}: invalid` };
  const field = issue.path.length ? issue.path.map(String).join('.') : null;
  if (!field) {
    const what = target === 'json' ? 'the request body must be a JSON object' : `the ${target} is invalid`;
    return { code: `invalid-${target}`, message: `${what} (got ${received(issue)})` };
  }
  if (issue.code === 'invalid_type') {
    const got = received(issue);
    if (got === 'undefined') return { code: `invalid-${target}`, message: `${field} is required` };
    if (got === 'array' && target === 'query') return { code: `invalid-${target}`, message: `${field} is given more than once; give it once` };
    return { code: `invalid-${target}`, message: `${field} must be ${withArticle(issue.expected ?? 'something else')}, not ${got === 'null' ? 'null' : withArticle(got)}` };
  }
  const code = field === 'layout' && issue.code === 'too_big' ? 'too-long' : `invalid-${target}`;
  return { code, message: `${field}: ${issue.message}` };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const validationHook: Hook<any, AppEnv, any, any> = (result, c) => {
  if (result.success) return;
  return c.json({ error: describeIssue(result.error.issues[0] as Issue | undefined, result.target) }, 400);
};
