import type { SearchOption } from './searchRecords';

const MAX_RECENT = 8;
const keyFor = (orgName: string) => `steward:search-recent:${orgName}`;

function isOption(value: unknown): value is SearchOption {
  if (!value || typeof value !== 'object') return false;
  const option = value as Record<string, unknown>;
  return ['key', 'title', 'path', 'kind', 'group'].every((field) => typeof option[field] === 'string') && String(option.path).startsWith('/');
}

/** The records this browser last opened from search in an organisation, newest first. */
export function readRecent(orgName: string): SearchOption[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyFor(orgName)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isOption).slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

/** Remembers an opened record (moved to the front when it was there already). */
export function rememberRecent(orgName: string, option: SearchOption): void {
  const next = [option, ...readRecent(orgName).filter((recent) => recent.key !== option.key)].slice(0, MAX_RECENT);
  try {
    localStorage.setItem(keyFor(orgName), JSON.stringify(next));
  } catch {
    // Storage full or refused: the list is a convenience.
  }
}
