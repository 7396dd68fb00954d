"use client";

import type { Editor } from "@tiptap/react";
import { useId, useState } from "react";

export interface ActiveMarks {
  h2: boolean;
  h3: boolean;
  bold: boolean;
  italic: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  /** the href of the link at the cursor */
  link: string | null;
}

const button =
  "rounded px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-pressed:bg-brand-100 aria-pressed:text-brand-900";

/**
 * The editor's formatting buttons: each says what it does and whether it is on (aria-pressed), and a
 * link is typed into a field here rather than a browser prompt, so the whole toolbar works from the
 * keyboard and with a screen reader.
 */
export function Toolbar({ editor, active, label }: { editor: Editor; active: ActiveMarks; label: string }) {
  const id = useId();
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState("");
  const run = (command: (chain: ReturnType<Editor["chain"]>) => ReturnType<Editor["chain"]>) => command(editor.chain().focus()).run();
  const items: [string, boolean, () => void][] = [
    ["Heading", active.h2, () => run((c) => c.toggleHeading({ level: 2 }))],
    ["Subheading", active.h3, () => run((c) => c.toggleHeading({ level: 3 }))],
    ["Bold", active.bold, () => run((c) => c.toggleBold())],
    ["Italic", active.italic, () => run((c) => c.toggleItalic())],
    ["Bulleted list", active.bulletList, () => run((c) => c.toggleBulletList())],
    ["Numbered list", active.orderedList, () => run((c) => c.toggleOrderedList())],
    ["Quote", active.blockquote, () => run((c) => c.toggleBlockquote())],
  ];
  const applyLink = () => {
    const url = href.trim();
    if (!url) return;
    const full = /^(https?:\/\/|mailto:)/i.test(url) ? url : `https://${url}`;
    // Applied without moving focus: the Enter that applies it would otherwise reach the editor too
    // (its keypress) and replace the linked words with a new paragraph. Focus returns just after.
    if (editor.state.selection.empty && !active.link) {
      editor
        .chain()
        .insertContent({ type: "text", text: full, marks: [{ type: "link", attrs: { href: full } }] })
        .run();
    } else {
      editor.chain().extendMarkRange("link").setLink({ href: full }).run();
    }
    setLinking(false);
    // The caret lands just after the linked words, as in any word processor: left selected, the next
    // key the coach types (Enter, a letter) would replace them.
    const end = editor.state.selection.to;
    setTimeout(() => editor.chain().focus().setTextSelection(end).run(), 0);
  };

  return (
    <div
      role="toolbar"
      aria-label={label}
      className="flex flex-wrap items-center gap-1 rounded-t-md border border-slate-300 bg-slate-50 p-1"
    >
      {items.map(([name, on, action]) => (
        <button key={name} type="button" aria-pressed={on} className={button} onClick={action}>
          {name}
        </button>
      ))}
      <button
        type="button"
        aria-pressed={active.link !== null}
        aria-expanded={linking}
        aria-controls={`${id}-link`}
        className={button}
        // The press keeps focus in the text, so the words the coach selected stay the editor's selection.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          setHref(active.link ?? "");
          setLinking(!linking);
        }}
      >
        Link
      </button>
      {linking ? (
        <div id={`${id}-link`} className="flex w-full flex-wrap items-center gap-2 p-1">
          <label htmlFor={`${id}-href`} className="text-sm text-slate-800">
            Link address
          </label>
          <input
            id={`${id}-href`}
            type="url"
            value={href}
            autoFocus
            onChange={(e) => setHref(e.target.value)}
            onKeyDown={(e) => {
              // Enter applies the link instead of submitting the form around the editor.
              if (e.key === "Enter") {
                e.preventDefault();
                applyLink();
              } else if (e.key === "Escape") {
                setLinking(false);
                editor.commands.focus();
              }
            }}
            className="w-72 rounded-md border border-slate-300 px-2 py-1 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          />
          <button type="button" className={button} onClick={applyLink}>
            Apply link
          </button>
          {active.link !== null ? (
            <button
              type="button"
              className={button}
              onClick={() => {
                run((c) => c.extendMarkRange("link").unsetLink());
                setLinking(false);
              }}
            >
              Remove link
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
