import { readFile } from 'node:fs/promises';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints what the page showed when a journey failed (Playwright's error context: the page's
 * accessibility snapshot), so a failure seen only in a CI log can be read without its artefacts.
 */
/** Playwright's error context opens with instructions addressed to an assistant; the log needs only the facts. */
function withoutPrompt(text: string): string {
  const facts = text.indexOf('# Test info');
  return facts === -1 ? text : text.slice(facts);
}

export default class FailureContextReporter implements Reporter {
  private readonly pending: Promise<void>[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const context = result.attachments.find((attachment) => attachment.name === 'error-context' && attachment.path);
    if (!context?.path) return;
    this.pending.push(
      readFile(context.path, 'utf8').then(
        (text) => void process.stdout.write(`\n── What the page showed when "${test.titlePath().filter(Boolean).join(' › ')}" failed ──\n${withoutPrompt(text)}\n`),
        () => undefined,
      ),
    );
  }

  async onEnd(): Promise<void> {
    await Promise.all(this.pending);
  }

  printsToStdio(): boolean {
    return true;
  }
}
