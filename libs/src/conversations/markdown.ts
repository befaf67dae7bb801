/**
 * The composer's simple formatting, written as Markdown: the toolbar's edits of the text around the
 * selection. Only the database renders it (app.message_html, for the mail and for crm.render_message's
 * preview), so what the preview shows is what is sent.
 */

export type TextEdit = { text: string; selectionStart: number; selectionEnd: number };
export type Formatting = 'bold' | 'italic' | 'list' | 'link';

const MARKS: Record<'bold' | 'italic', string> = { bold: '**', italic: '_' };

/** The text after a toolbar button, and what is selected then (the formatted words, or the link's address). */
export function applyFormatting(text: string, start: number, end: number, formatting: Formatting, url = 'https://'): TextEdit {
  const before = text.slice(0, start);
  const chosen = text.slice(start, end);
  const after = text.slice(end);
  if (formatting === 'bold' || formatting === 'italic') {
    const mark = MARKS[formatting];
    const words = chosen || (formatting === 'bold' ? 'bold text' : 'italic text');
    return { text: `${before}${mark}${words}${mark}${after}`, selectionStart: start + mark.length, selectionEnd: start + mark.length + words.length };
  }
  if (formatting === 'link') {
    const words = chosen || 'link text';
    const head = `${before}[${words}](`;
    return { text: `${head}${url})${after}`, selectionStart: head.length, selectionEnd: head.length + url.length };
  }
  // A list: each chosen line (or the line the cursor is on) starts with "- ".
  const lineStart = before.lastIndexOf('\n') + 1;
  const nextBreak = text.indexOf('\n', end);
  const lineEnd = nextBreak === -1 ? text.length : nextBreak;
  const lines = text.slice(lineStart, lineEnd).split('\n').map((line) => (line.startsWith('- ') ? line : `- ${line}`));
  const block = lines.join('\n');
  return { text: `${text.slice(0, lineStart)}${block}${text.slice(lineEnd)}`, selectionStart: lineStart + block.length, selectionEnd: lineStart + block.length };
}
