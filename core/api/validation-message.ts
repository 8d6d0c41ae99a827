/**
 * Plain sentences for the route schemas' refusals. Fastify's own text joins every Ajv error of a
 * union ("params/format must be equal to constant, params/format must be equal to constant, …")
 * and says "querystring/q must be string" for a parameter given twice: accurate to the schema,
 * unclear to a script's author. The cases a client can fix are named here; any other refusal
 * keeps Ajv's text.
 */
export interface SchemaIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

export type SchemaPart = 'body' | 'querystring' | 'params' | 'headers' | string;

/** Told once, for every refusal of a body that is not a JSON object. */
export const JSON_BODY_NEEDED = 'the body must be a JSON object sent with Content-Type: application/json.';

const nameOf = (issue: SchemaIssue) => issue.instancePath.replace(/^\//, '').replace(/\//g, '.');

function subject(part: SchemaPart | undefined, name: string): string {
  if (part === 'querystring') return `Parameter '${name}'`;
  if (part === 'params') return `Path parameter '${name}'`;
  if (part === 'headers') return `Header '${name}'`;
  return `Field '${name}'`;
}

/** The sentence after "Invalid request: " for a schema refusal, or undefined to keep Ajv's text. */
export function schemaRefusal(issues: readonly SchemaIssue[], part: SchemaPart | undefined): string | undefined {
  const first = issues[0];
  if (!first) return undefined;
  const name = nameOf(first);
  if (part === 'body' && name === '' && first.keyword === 'type') return JSON_BODY_NEEDED;
  if (first.keyword === 'required' && typeof first.params.missingProperty === 'string') {
    return `${subject(part, [name, first.params.missingProperty].filter(Boolean).join('.'))} is required.`;
  }
  if (name === '') return undefined;
  // A union of literals (an export format, an overlay kind): every allowed value, once.
  const allowed = issues
    .filter((issue) => issue.keyword === 'const' && issue.instancePath === first.instancePath)
    .map((issue) => String(issue.params.allowedValue));
  if (allowed.length > 0) return `${subject(part, name)} must be one of ${allowed.join(', ')}.`;
  // The query string parser makes an array of a parameter given more than once.
  if (part === 'querystring' && first.keyword === 'type' && first.params.type === 'string') {
    return `${subject(part, name)} must be given once.`;
  }
  if (first.message) return `${subject(part, name)} ${first.message}.`;
  return undefined;
}
