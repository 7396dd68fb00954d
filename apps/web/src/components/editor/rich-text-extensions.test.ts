// @vitest-environment jsdom
import { Editor } from "@tiptap/react";
import { describe, expect, it } from "vitest";
import { renderBlogBody, sanitizeBlogHtml } from "@coach/api";
import { editorContent, richTextExtensions, storedHtml } from "./rich-text-extensions";

const write = (content: string) => {
  const editor = new Editor({ extensions: richTextExtensions(), content });
  const html = editor.getHTML();
  editor.destroy();
  return html;
};

// The sanitizer spells void elements XHTML-style ("<br />", "<img ... />"), the browser "<br>": the same HTML.
const voidsAsHtml = (html: string) => html.replace(/\s?\/>/g, ">");

describe("the blog and newsletter editor's HTML", () => {
  it("passes the server's sanitizer unchanged: headings, emphasis, lists, quotes, links and images", () => {
    const html = write(
      "<h2>Why it matters</h2><h3>For teams</h3><p>Evidence <strong>beats</strong> <em>intuition</em>, " +
        '<a href="https://coach.example/research">read the research</a> or <a href="mailto:coach@coach.example">write</a>.</p>' +
        "<ul><li><p>Measure</p></li></ul><ol><li><p>Decide</p></li></ol><blockquote><p>Data, then judgement.</p></blockquote>" +
        '<img src="/uploads/0123456789abcdef0123456789abcdef.png" alt="Cover">',
    );
    expect(html).toContain("<h2>Why it matters</h2>");
    expect(html).toContain('<a href="https://coach.example/research" rel="noopener noreferrer" target="_blank">');
    expect(voidsAsHtml(sanitizeBlogHtml(html))).toBe(html);
  });

  it("cannot write what the sanitizer would drop: other headings, code, strike-through, scripts, javascript: links", () => {
    const html = write(
      '<h1>Title</h1><h4>Deep</h4><p><code>x</code> <s>old</s> <a href="javascript:alert(1)">click</a></p><pre>code</pre><script>alert(1)</script>',
    );
    expect(html).not.toMatch(/<(h1|h4|code|s|pre|script)[\s>]/);
    expect(html).not.toContain("javascript:");
    expect(voidsAsHtml(sanitizeBlogHtml(html))).toBe(html);
  });

  it("opens a plain-text body written before the editor as the paragraphs and line breaks visitors saw", () => {
    const stored = "First paragraph <3 & more.\nSame paragraph.\n\nSecond paragraph.";
    const html = write(editorContent(stored));
    expect(html).toBe("<p>First paragraph &lt;3 &amp; more.<br>Same paragraph.</p><p>Second paragraph.</p>");
    expect(voidsAsHtml(renderBlogBody(html))).toBe(html);
  });

  it("treats an emptied editor as no text, so the forms ask for some", () => {
    expect(storedHtml(write(""))).toBe("");
  });
});
