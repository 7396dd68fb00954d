import sanitizeHtml from "sanitize-html";

/**
 * The only HTML a blog body may carry: structure and emphasis, safe links and images.
 * Everything else is dropped: script/style/iframe/form elements with their content, event
 * handlers, inline styles, and any URL scheme that is not http(s) or mailto (links) or https or a
 * local path (images).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "h2", "h3", "ul", "ol", "li", "a", "strong", "em", "blockquote", "img"],
  // rel and target are only ever set by the transform below; the author's own values are dropped.
  allowedAttributes: { a: ["href", "title", "rel", "target"], img: ["src", "alt"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "object",
    "embed",
    "form",
    "template",
    "svg",
    "math",
    "select",
    "button",
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const attrs: Record<string, string> = {};
      if (attribs.href) attrs.href = attribs.href;
      if (attribs.title) attrs.title = attribs.title;
      if (attribs.href && /^\s*https?:/i.test(attribs.href)) {
        attrs.rel = "noopener noreferrer";
        attrs.target = "_blank";
      }
      return { tagName, attribs: attrs };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !isSafeImageSrc(frame.attribs.src ?? ""),
};

function isSafeImageSrc(src: string): boolean {
  return /^https:\/\//i.test(src) || (/^\/[^/\\]/.test(src) && !src.includes(".."));
}

/** Sanitizes a blog body (stored and rendered). Plain text passes through with "<" and "&" escaped. */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The text of a body without any markup (meta descriptions, RSS, email summaries). */
export function plainText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h2|h3|li|blockquote)>|<br\s*\/?>/gi, "$& "), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ["script", "style", "iframe", "textarea", "noscript"],
  })
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** Spec section 5: a body is shown as HTML when it holds h2, ul or ol; otherwise newlines become line breaks. */
export function isHtmlBody(content: string): boolean {
  return /<(h2|ul|ol)[\s>]/i.test(content);
}

/** The HTML to render for a stored body, following the display rule, always sanitized. */
export function renderBlogBody(content: string): string {
  const clean = sanitizeBlogHtml(content.replace(/\r\n?/g, "\n"));
  if (isHtmlBody(content) || /<p[\s>]/i.test(clean)) return clean;
  return clean
    .split(/\n{2,}/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${para.replace(/\n/g, "<br />")}</p>`)
    .join("\n");
}

/** Spec section 5: the SEO description if set, else the first 160 characters of the body text. */
export function metaDescription(content: string, seoDescription?: string | null): string {
  if (seoDescription?.trim()) return seoDescription.trim();
  return plainText(content).slice(0, 160);
}
