/**
 * The composer's simple formatting, written as Markdown (what crm.send_message renders): the toolbar's
 * edits of the text around the selection, and the preview of what the database will send.
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

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Inline marks of one escaped line: links (http, https, mailto only), bold, italic. */
function inline(line: string): string {
  return escapeHtml(line)
    .replace(/\[([^\]]+)\]\(((?:https?:\/\/|mailto:)[^)\s]+)\)/g, '<a href="$2">$1</a>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^\w])_([^_]+)_(?=$|[^\w])/g, '$1<em>$2</em>');
}

/** The preview's HTML of the composer's text: paragraphs, line breaks, "- " lists and inline marks, everything else escaped. */
export function markdownToHtml(text: string): string {
  const blocks: string[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(`<p>${paragraph.map(inline).join('<br>')}</p>`);
    if (list.length) blocks.push(`<ul>${list.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`);
    paragraph = [];
    list = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^\s*[-*] /.test(line)) {
      if (paragraph.length) flush();
      list.push(line.replace(/^\s*[-*] /, ''));
    } else if (line.trim() === '') flush();
    else {
      if (list.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks.join('\n');
}
