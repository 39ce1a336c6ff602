import sanitizeHtml from 'sanitize-html';

const HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Links in announcements open outside the site and pass nothing to the target.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

/** Cleans announcement HTML on write: no scripts, handlers, styles or javascript: URLs survive. */
export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, HTML_OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** A plain-text preview of HTML, whitespace collapsed, at most `max` characters. */
export function plainPreview(html: string, max = 200): string {
  const text = sanitizeHtml(html.replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ENTITIES[e]!)
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
