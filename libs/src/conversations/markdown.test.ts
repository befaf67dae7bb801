import { describe, expect, it } from 'vitest';
import { applyFormatting } from './markdown';

describe('the composer toolbar', () => {
  it('wraps the chosen words in bold and italic marks and keeps them selected', () => {
    const bold = applyFormatting('Dear Abigail', 5, 12, 'bold');
    expect(bold.text).toBe('Dear **Abigail**');
    expect(bold.text.slice(bold.selectionStart, bold.selectionEnd)).toBe('Abigail');
    expect(applyFormatting('Hi', 2, 2, 'italic').text).toBe('Hi_italic text_');
  });
  it('makes a link of the chosen words with its address selected to type over', () => {
    const edit = applyFormatting('see our site', 8, 12, 'link');
    expect(edit.text).toBe('see our [site](https://)');
    expect(edit.text.slice(edit.selectionStart, edit.selectionEnd)).toBe('https://');
  });
  it('starts each chosen line with a list mark once', () => {
    expect(applyFormatting('a\nb\n- c', 0, 7, 'list').text).toBe('- a\n- b\n- c');
    expect(applyFormatting('first\nsecond', 8, 8, 'list').text).toBe('first\n- second');
  });
});
