// ESLint rule steward/no-literal-text: user-visible text in a converted folder (build/i18n/folders.mjs)
// goes through the area's message function, never as a literal. It reports
//   - text between JSX tags ("<p>Loading…</p>") and string literals placed there ({'Loading…'});
//   - literal strings in the attributes a person reads or hears: title, aria-label, aria-description,
//     placeholder, alt, label;
//   - literal strings given to the toast and message functions (toast, notify.*, message.*) and to the
//     properties that carry their words (title, description, content, label);
// A literal counts when it has a letter in it: punctuation, numbers and symbols are not words.

const WORD = /\p{L}/u;
const ATTRIBUTES = new Set(['title', 'aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext', 'placeholder', 'alt', 'label']);
const MESSAGE_CALLEES = new Set(['toast', 'notify', 'message', 'notification', 'alert', 'confirm']);
const WORD_PROPERTIES = new Set(['title', 'description', 'content', 'label', 'placeholder', 'okText', 'cancelText', 'emptyText', 'tooltip']);

function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression);
  if (node.type === 'ConditionalExpression') return [literalText(node.consequent), literalText(node.alternate)].filter(Boolean).join(' ') || null;
  if (node.type === 'LogicalExpression') return literalText(node.right) ?? literalText(node.left);
  return null;
}

/** A message id ('dashboard.revenue', 'route./contacts') names words; it is not words itself. */
const MESSAGE_ID = /^[\w-]+(\.[\w\-/:]+)+$/;
const hasWords = (text) => typeof text === 'string' && WORD.test(text) && !MESSAGE_ID.test(text.trim());

function calleeName(callee) {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier') return callee.object.name;
  return null;
}

export const noLiteralText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text goes through the message function (README "Languages").' },
    messages: {
      text: 'User-visible text "{{text}}" must go through the message function (t(…) with an id in the area\'s messages/en.json).',
      attribute: 'The {{name}} attribute "{{text}}" is read by people: use t(…).',
      call: 'The words "{{text}}" given to {{callee}}() are shown to people: use t(…).',
    },
    schema: [],
  },
  create(context) {
    const short = (text) => text.trim().replace(/\s+/g, ' ').slice(0, 40);
    const reportLiteral = (node, messageId, data) => context.report({ node, messageId, data: { ...data, text: short(data.text) } });
    // Object properties that carry words, only inside a message call's arguments (or module-level word tables).
    const checkWords = (node, callee) => {
      if (!node) return;
      const text = literalText(node);
      if (hasWords(text)) return reportLiteral(node, 'call', { text, callee });
      if (node.type === 'ObjectExpression') {
        for (const property of node.properties) {
          if (property.type !== 'Property' || property.key.type !== 'Identifier' || !WORD_PROPERTIES.has(property.key.name)) continue;
          const value = literalText(property.value);
          if (hasWords(value)) reportLiteral(property.value, 'call', { text: value, callee });
        }
      }
    };
    return {
      JSXText(node) {
        if (hasWords(node.value)) reportLiteral(node, 'text', { text: node.value });
      },
      JSXExpressionContainer(node) {
        if (node.parent.type !== 'JSXElement' && node.parent.type !== 'JSXFragment') return;
        const text = literalText(node.expression);
        if (hasWords(text)) reportLiteral(node, 'text', { text });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !ATTRIBUTES.has(name)) return;
        const text = literalText(node.value);
        if (hasWords(text)) reportLiteral(node.value, 'attribute', { name, text });
      },
      CallExpression(node) {
        const callee = calleeName(node.callee);
        if (!callee || !MESSAGE_CALLEES.has(callee)) return;
        for (const argument of node.arguments) checkWords(argument, callee);
      },
      // Tables of words (a list of cards with their labels) are user-visible too.
      Property(node) {
        if (node.key.type !== 'Identifier' || !WORD_PROPERTIES.has(node.key.name)) return;
        if (node.parent.parent?.type === 'CallExpression' && MESSAGE_CALLEES.has(calleeName(node.parent.parent.callee) ?? '')) return;
        const text = literalText(node.value);
        if (hasWords(text)) reportLiteral(node.value, 'text', { text });
      },
    };
  },
};

export const stewardI18nPlugin = { rules: { 'no-literal-text': noLiteralText } };
