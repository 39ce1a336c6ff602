/**
 * Operator HTML made safe to show in the console's previews, before the server has cleaned it on save
 * (the server's sanitize-html is the rule; this follows it): only these tags and attributes survive,
 * links and images only to http(s) (links also mailto: and tel:) or this site's paths, no scripts,
 * styles, handlers or frames. Parsed by the browser into an inert document, never run.
 */
const TAGS = new Set([
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
  'caption',
  'abbr',
  'small',
  'mark',
  'dl',
  'dt',
  'dd',
]);
const ATTRS: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
]);

function safeUrl(value: string, tag: string): boolean {
  const v = value.trim();
  if (/^\/(?!\/)/.test(v)) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v)?.[1]?.toLowerCase();
  return tag === 'img'
    ? scheme === 'http' || scheme === 'https'
    : ['http', 'https', 'mailto', 'tel'].includes(scheme ?? '');
}

function clean(node: Node, out: Node, doc: Document): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      out.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) continue;
    if (!TAGS.has(tag)) {
      clean(el, out, doc);
      continue;
    }
    const copy = doc.createElement(tag);
    for (const name of ATTRS[tag] ?? []) {
      const value = el.getAttribute(name);
      if (value === null) continue;
      if ((name === 'href' || name === 'src') && !safeUrl(value, tag)) continue;
      copy.setAttribute(name, value);
    }
    if (tag === 'a') {
      copy.setAttribute('target', '_blank');
      copy.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    clean(el, copy, doc);
    out.appendChild(copy);
  }
}

export function sanitizeHtml(html: string): string {
  // Even an inert parse makes the browser report each event-handler attribute against the console's
  // policy: they are renamed first (the allow-list below drops them anyway).
  const parsed = new DOMParser().parseFromString(
    html.replace(/([\s"'/])on([a-z]+\s*=)/gi, '$1data-x-on$2'),
    'text/html',
  );
  const doc = document.implementation.createHTMLDocument('');
  const root = doc.createElement('div');
  clean(parsed.body, root, doc);
  return root.innerHTML;
}
