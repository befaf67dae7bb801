import { existsSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createOwner, serviceClient, type Owner } from './shellApi';

/**
 * What the language journeys (issue 51) share: a person's language set on their profile, an area's
 * English words to look for in the pseudo-locale, the text of a page's main region, and amounts and
 * dates as Intl writes them.
 */

/** Sets the language on the owner's profile (My profile), as the person would have chosen it. */
export async function setProfileLanguage(owner: Owner, language: string): Promise<void> {
  const { error } = await serviceClient().from('user_profiles').update({ language }).eq('org_name', owner.orgName).eq('email', owner.email);
  if (error) throw new Error(`user_profiles: ${error.message}`);
}

/** Sets the organisation's currency in Org Data (the only one: every amount, the desk's and the guests', is in it). */
export async function setOrgCurrency(orgName: string, currency: string): Promise<void> {
  const { error } = await serviceClient().from('organizations').update({ currency }).eq('name', orgName);
  if (error) throw new Error(`organizations: ${error.message}`);
}

/** A new organisation whose owner reads Steward in `language`. */
export async function ownerSpeaking(prefix: string, language: string): Promise<Owner> {
  const owner = await createOwner(prefix);
  await setProfileLanguage(owner, language);
  return owner;
}

/**
 * An area's English words a person could see (apps/<area>/src/messages/en.json, and later/en.json, its
 * later screens' words, where it has them): whole messages without arguments, with a word of four
 * letters or more; `except` leaves out message ids by pattern.
 */
export function catalogueWords(area: string, except?: RegExp): string[] {
  const catalogue = (file: string) => new URL(`../../../../apps/${area}/src/messages/${file}`, import.meta.url);
  const files = ['en.json', 'later/en.json'].map(catalogue).filter((file) => existsSync(file));
  const english = Object.assign({}, ...files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)) as Record<string, string>;
  const words = Object.entries(english).filter(([id, text]) => !except?.test(id) && !/[{}<]/.test(text) && /[A-Za-z]{4}/.test(text));
  return [...new Set(words.map(([, text]) => text))];
}

/**
 * The text of the page's main region as a person reads or hears it: its words (each text node on a line
 * of its own, so words of neighbouring elements do not run together) and its labels.
 */
export async function mainText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const main = document.querySelector('main#main-content');
    if (!main) return '';
    const words: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) words.push(walker.currentNode.textContent ?? '');
    const labels = [main, ...main.querySelectorAll('*')].map((element) => ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? '').join(' '));
    return [...words, ...labels].join('\n');
  });
}

/** Text as a pattern, special characters escaped. */
export const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Text as the page shows it, whatever spaces Intl put in (no-break, narrow). */
export const spaced = (text: string) => new RegExp(`^${escaped(text).replace(/\s/g, '\\s')}$`);

/** An amount in euros as Intl writes it in Spanish, as the page must (the browser and Node share ICU's data). */
export const euros = (amount: number) => new Intl.NumberFormat('es', { style: 'currency', currency: 'EUR' }).format(amount);
