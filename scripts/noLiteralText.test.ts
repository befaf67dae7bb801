// The lint rule steward/no-literal-text (build/i18n/noLiteralText.mjs), run by ESLint's own RuleTester
// over TSX: what it reports in a converted folder, and what it leaves alone.
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { noLiteralText } from '../build/i18n/noLiteralText.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

const text = (value: string) => ({ messageId: 'text', data: { text: value } });
const attribute = (name: string, value: string) => ({ messageId: 'attribute', data: { name, text: value } });
const call = (callee: string, value: string) => ({ messageId: 'call', data: { callee, text: value } });

tester.run('steward/no-literal-text', noLiteralText as never, {
  valid: [
    "const a = <p>{t('dashboard.loading')}</p>;",
    "const a = <p>{count} · {total} →</p>;",
    "const a = <Button aria-label={t('shell.signOut')} />;",
    "const a = <div className=\"stw-list-row\" data-testid=\"rows\" />;",
    "notify.success(t('auth.activated'));",
    "const a = { title: t('route./contacts') };",
    "const routes = { label: 'menu./contacts' };",
    "console.warn('The language could not be loaded:', error);",
    "const a = <Loading label={label ?? t('common.loadingEllipsis')} />;",
  ],
  invalid: [
    { code: 'const a = <p>Loading…</p>;', errors: [text('Loading…')] },
    { code: "const a = <p>{'Loading…'}</p>;", errors: [text('Loading…')] },
    { code: "const a = <p>{busy ? 'Saving' : 'Save'}</p>;", errors: [text('Saving Save')] },
    { code: 'const a = <p>{`${count} rows`}</p>;', errors: [text('rows')] },
    { code: "const a = <Button aria-label=\"Close\" />;", errors: [attribute('aria-label', 'Close')] },
    { code: "const a = <Input placeholder={'Search'} />;", errors: [attribute('placeholder', 'Search')] },
    { code: "const a = <Loading label={label ?? 'Loading…'} />;", errors: [attribute('label', 'Loading…')] },
    { code: "notify.error('Could not save');", errors: [call('notify', 'Could not save')] },
    { code: "message.open({ content: 'Saved', duration: 2 });", errors: [call('message', 'Saved')] },
    { code: "const cards = [{ title: 'Revenue', key: 'revenue' }];", errors: [text('Revenue')] },
  ],
});
