import { describe, expect, it } from 'vitest';
import { applyFormatting, markdownToHtml } from './markdown';

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

describe('the preview', () => {
  it('renders paragraphs, lists, bold, italic and links', () => {
    expect(markdownToHtml('Hello **Abi** and _you_\nline two\n\n- one\n- [site](https://example.org)')).toBe(
      '<p>Hello <strong>Abi</strong> and <em>you</em><br>line two</p>\n<ul><li>one</li><li><a href="https://example.org">site</a></li></ul>',
    );
  });
  it('escapes markup and refuses links that are not web or mail addresses', () => {
    expect(markdownToHtml('<script>x</script> [a](javascript:alert(1))')).toBe('<p>&lt;script&gt;x&lt;/script&gt; [a](javascript:alert(1))</p>');
  });
  it('leaves snake_case words alone', () => {
    expect(markdownToHtml('{{first_name}} and {{last_name}}')).toBe('<p>{{first_name}} and {{last_name}}</p>');
  });
});
