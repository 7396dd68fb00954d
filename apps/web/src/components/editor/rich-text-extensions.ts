import type { Extensions } from "@tiptap/react";
import Image from "@tiptap/extension-image";
import Link from "@tiptap/extension-link";
import StarterKit from "@tiptap/starter-kit";

/**
 * What the blog and newsletter editor can write: exactly the elements the server's sanitizer keeps
 * (packages/api/src/blog/sanitize.ts: p, br, h2, h3, ul, ol, li, a, strong, em, blockquote, img),
 * so what the coach sees while writing is what is stored and published. Code, strike, underline,
 * rules and other heading levels are left out because the sanitizer would drop them.
 */
const SafeLink = Link.extend({
  // The sanitizer gives http(s) links rel and target and strips them from mailto links; writing them
  // the same way here makes the editor's HTML pass through it unchanged.
  renderHTML({ HTMLAttributes }) {
    const href = String(HTMLAttributes.href ?? "");
    const attrs: Record<string, string> = { href };
    if (HTMLAttributes.title) attrs.title = String(HTMLAttributes.title);
    if (/^\s*https?:/i.test(href)) Object.assign(attrs, { rel: "noopener noreferrer", target: "_blank" });
    return ["a", attrs, 0];
  },
}).configure({
  openOnClick: false,
  autolink: true,
  defaultProtocol: "https",
  protocols: ["mailto"],
  isAllowedUri: (url) => /^(https?:\/\/|mailto:)/i.test(url.trim()),
});

export function richTextExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      code: false,
      codeBlock: false,
      horizontalRule: false,
      strike: false,
      underline: false,
      link: false,
    }),
    SafeLink,
    // Images only keep a post's existing pictures (https or a local /uploads path) when it is edited.
    Image.configure({ inline: false }),
  ];
}

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A stored body as editor content. Bodies written before the editor may be plain text, where a
 * blank line starts a paragraph and a newline is a line break (the display rule of spec section 5).
 */
export function editorContent(stored: string): string {
  if (/<(p|h2|h3|ul|ol|blockquote)[\s>]/i.test(stored)) return stored;
  return stored
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${escape(para).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** An empty editor writes "<p></p>"; the forms treat that as no text so their required-field messages show. */
export function storedHtml(html: string): string {
  return /^(<p><\/p>)*$/.test(html) ? "" : html;
}
