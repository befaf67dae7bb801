// Database refusals reach the person in their language by code (errorMessage → databaseMessage): each
// of Steward's own codes raised by the database (supabase/schemas) has its message in libs' catalogue,
// the English word for word the database's, so English reads exactly as before.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import english from '../messages/en.json';
import { DataAccessError, errorMessage } from './DataAccessError';

const schemas = path.resolve(import.meta.dirname, '../../../supabase/schemas');
const sql = readdirSync(schemas, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.sql'))
  .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
  .join('\n');

/** Each own code with the message(s) the database gives it. */
function ownCodes(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (code: string, message: string) => found.set(code, (found.get(code) ?? new Set()).add(message.replace(/''/g, "'")));
  for (const match of sql.matchAll(/errcode\s*=\s*'(ST\d+)'\s*,\s*message\s*=\s*'((?:[^']|'')*)'/g)) add(match[1]!, match[2]!);
  for (const match of sql.matchAll(/'code',\s*'(ST\d+)',\s*'message',\s*'((?:[^']|'')*)'/g)) add(match[1]!, match[2]!);
  return found;
}

describe('database messages by code', () => {
  const codes = ownCodes();
  const catalogue = english as Record<string, string>;

  it('finds the codes the database raises', () => {
    expect(codes.size).toBeGreaterThanOrEqual(13);
  });

  it('name every own code once, with the database’s English exactly', () => {
    const wrong = [...codes].filter(([code, messages]) => messages.size !== 1 || catalogue[`db.${code}`] !== [...messages][0]);
    expect(wrong).toEqual([]);
    const unknown = Object.keys(catalogue).filter((id) => id.startsWith('db.') && !codes.has(id.slice(3)));
    expect(unknown).toEqual([]);
  });

  it('are what errorMessage says for an error with that code, whatever its text', () => {
    expect(errorMessage(new DataAccessError('request', 'anything', 'ST005'), 'Save failed')).toBe('An organization with this name already exists');
    expect(errorMessage({ code: 'ST011', message: '' }, 'Save failed')).toBe('The code is not valid or has expired');
    // A generic code (many messages share it) reads as the database sent it.
    expect(errorMessage(new DataAccessError('request', 'Title is required', '23514'), 'Save failed')).toBe('Title is required');
  });
});
