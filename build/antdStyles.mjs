// antd's prebuilt stylesheet (zero-runtime mode) holds every antd component's styles: 1 MB, 75 KB
// as Brotli, and it arrives before any area's first screen can paint. The components below are never
// rendered by the platform, so the shell's build leaves their rules out (pluginAntdStylesUsed in
// rsbuildApp.mjs). Apps reach antd only through the libs barrels (an ESLint rule), and a test holds that
// no barrel exports one of these; exporting one means taking it off this list.

/**
 * antd components the platform does not render, each with the class prefixes its styles use
 * (`.ant-<prefix>` and `.ant-<prefix>-…`). None of them is used inside a component the platform does
 * render (Table, Form, Select, Upload, Tabs, Modal, …), which is what makes leaving them out safe.
 */
export const UNRENDERED_ANTD_COMPONENTS = {
  Anchor: ['anchor'],
  App: ['app'],
  Avatar: ['avatar'],
  Breadcrumb: ['breadcrumb'],
  Carousel: ['carousel'],
  Cascader: ['cascader'],
  Collapse: ['collapse'],
  ColorPicker: ['color-picker'],
  DatePicker: ['picker'],
  Descriptions: ['descriptions'],
  FloatButton: ['float-btn'],
  Image: ['image'],
  InputNumber: ['input-number'],
  List: ['list'],
  Masonry: ['masonry'],
  Mentions: ['mentions'],
  QRCode: ['qrcode'],
  Rate: ['rate'],
  Segmented: ['segmented'],
  Slider: ['slider'],
  Splitter: ['splitter'],
  Statistic: ['statistic'],
  Steps: ['steps'],
  TimePicker: ['picker'],
  Timeline: ['timeline'],
  Tour: ['tour'],
  Transfer: ['transfer'],
  TreeSelect: ['select-tree', 'tree-select'],
  message: ['message'],
  notification: ['notification'],
};

/** Splits CSS text into its top-level parts (rules, at-rule blocks), skipping strings and comments. */
function topLevelParts(css) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i += 1) {
    const char = css[i];
    if (char === '"' || char === "'") {
      const end = css.indexOf(char, i + 1);
      i = end < 0 ? css.length : end;
    } else if (char === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (char === '{') {
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) {
        parts.push(css.slice(start, i + 1));
        start = i + 1;
      }
    } else if (char === ';' && depth === 0) {
      // A statement at-rule (@charset, @import, @layer a, b;).
      parts.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (css.slice(start).trim()) parts.push(css.slice(start));
  return parts;
}

/** The selectors of a selector list: split at commas outside parentheses and attribute brackets. */
function selectorList(text) {
  const selectors = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      selectors.push(text.slice(start, i));
      start = i + 1;
    }
  }
  selectors.push(text.slice(start));
  return selectors;
}

/** A selector with what is inside parentheses and brackets removed: the elements it must itself match. */
function outsideParentheses(selector) {
  let depth = 0;
  let out = '';
  for (const char of selector) {
    if (char === '(' || char === '[') depth += 1;
    if (depth === 0) out += char;
    if (char === ')' || char === ']') depth -= 1;
  }
  return out;
}

/**
 * The stylesheet split in two: the rules that can only match elements of the given components
 * (`only`), and every other rule (`without`). A selector goes to `only` when one of its compounds needs
 * such a component's class (`.ant-steps-item …`); what is inside `:is()`, `:where()`, `:not()` or
 * `:has()` is left alone, since a class nobody renders changes what those match rather than ruling the
 * selector out. At-rule blocks are split inside and dropped from a side where they are left empty;
 * keyframes, font faces and the like stay with `without`.
 *
 * @param {string} css
 * @param {string[]} prefixes class prefixes (without `.ant-`)
 * @returns {{ without: string, only: string }}
 */
export function partitionAntdStyles(css, prefixes) {
  const escaped = [...new Set(prefixes)].map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'));
  const needsOne = new RegExp(`\\.ant-(?:${escaped.join('|')})(?![a-z])`);
  const split = (text) => {
    let without = '';
    let only = '';
    for (const part of topLevelParts(text)) {
      const open = part.indexOf('{');
      if (open < 0 || !part.trimEnd().endsWith('}')) {
        without += part;
        continue;
      }
      const prelude = part.slice(0, open);
      const body = part.slice(open + 1, part.lastIndexOf('}'));
      if (/^\s*@(media|supports|container|layer|scope)\b/.test(prelude)) {
        const inner = split(body);
        if (inner.without.trim()) without += `${prelude}{${inner.without}}`;
        if (inner.only.trim()) only += `${prelude}{${inner.only}}`;
        continue;
      }
      if (/^\s*@/.test(prelude)) {
        without += part;
        continue;
      }
      const selectors = selectorList(prelude);
      const kept = selectors.filter((selector) => !needsOne.test(outsideParentheses(selector)));
      const moved = selectors.filter((selector) => needsOne.test(outsideParentheses(selector)));
      if (kept.length) without += `${kept.join(',')}{${body}}`;
      if (moved.length) only += `${moved.join(',')}{${body}}`;
    }
    return { without, only };
  };
  return split(css);
}

/** The stylesheet without the rules that can only match elements of the given components (see partitionAntdStyles). */
export function pruneAntdStyles(css, prefixes = Object.values(UNRENDERED_ANTD_COMPONENTS).flat()) {
  return partitionAntdStyles(css, prefixes).without;
}

/**
 * The class prefixes of what '@steward/libs/ui/antd-data' draws (its components and the pieces they draw
 * inside: a table's checkboxes, filter dropdowns and empty state, a select's list, an upload's
 * progress, a confirmation's popover). Their rules load with antd-data (`antd/dist/antd.css?data`), so
 * a screen drawn with the light components alone — a list's first rows, its toolbar — waits for a
 * stylesheet of ~20 KB (Brotli) instead of ~47 KB, and the browser matches a third of the rules.
 */
export const DATA_ANTD_PREFIXES = [
  'table', 'form', 'select', 'upload', 'modal', 'tabs', 'input', 'pagination', 'popconfirm', 'popover',
  'switch', 'checkbox', 'radio', 'dropdown', 'tree', 'empty', 'progress', 'menu', 'drawer', 'space',
];

/**
 * antd's stylesheet as the platform loads it: `light` (what every themed screen needs: the base rules,
 * the theme's variables and the light components) and `data` (the rules only antd-data's components
 * can match), both without the unrendered components.
 */
export function splitAntdStyles(css) {
  const rendered = pruneAntdStyles(css);
  const { without: light, only: data } = partitionAntdStyles(rendered, DATA_ANTD_PREFIXES);
  return { light, data };
}

/**
 * Rsbuild plugin: antd's prebuilt stylesheet, as the app imports it, without the unrendered components
 * and in two parts: `antd/dist/antd.css` is the light part (the shell's themed screens import it),
 * `antd/dist/antd.css?data` the data components' rules (imported by '@steward/libs/ui/antd-data').
 */
export function pluginAntdStylesUsed() {
  return {
    name: 'steward:antd-styles-used',
    setup(api) {
      api.transform({ test: /[\\/]antd[\\/]dist[\\/]antd\.css$/ }, ({ code, resourceQuery }) => {
        const { light, data } = splitAntdStyles(code);
        return /(^\?|&)data\b/.test(resourceQuery ?? '') ? data : light;
      });
    },
  };
}
