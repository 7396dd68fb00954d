"use client";

import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { useEffect, useMemo, useRef } from "react";
import { FieldError } from "@coach/ui/field";
import { editorContent, richTextExtensions, storedHtml } from "./rich-text-extensions";
import { Toolbar } from "./toolbar";

const surface =
  "min-h-64 rounded-b-md border border-t-0 px-3 py-2 text-sm text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 " +
  "[&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold [&_p]:my-2 " +
  "[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 " +
  "[&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_a]:text-brand-700 [&_a]:underline [&_img]:max-w-full";

export interface RichTextEditorProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** The stored HTML (or a plain-text body written before the editor existed). */
  value: string;
  onChange: (html: string) => void;
}

/**
 * The blog and newsletter editor (tiptap): a labelled, keyboard-operable rich-text field with a
 * formatting toolbar, writing only the HTML the server's sanitizer keeps. Shortcuts work as in any
 * word processor (Ctrl/Cmd+B, I, Z; Ctrl+Alt+2/3 headings); Tab leaves the field except inside lists.
 */
export function RichTextEditor({ id, label, hint, error, value, onChange }: RichTextEditorProps) {
  const extensions = useMemo(() => richTextExtensions(), []);
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const attributes = useMemo(
    () => ({
      id,
      role: "textbox",
      "aria-multiline": "true",
      "aria-labelledby": `${id}-label`,
      ...(described ? { "aria-describedby": described } : {}),
      ...(error ? { "aria-invalid": "true" } : {}),
      class: `${surface} ${error ? "border-red-600" : "border-slate-300"}`,
    }),
    [id, described, error],
  );
  // The last HTML this editor reported: a `value` equal to it is the editor's own edit coming back
  // (possibly a render or two behind fast typing), never a reason to replace the text.
  const reported = useRef(value);
  const editor = useEditor({
    extensions,
    content: editorContent(value),
    // The console renders on the server first; the editor appears in the browser, so both agree.
    immediatelyRender: false,
    editorProps: { attributes },
    onUpdate: ({ editor: e }) => {
      reported.current = storedHtml(e.getHTML());
      onChange(reported.current);
    },
  });

  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes } });
  }, [editor, attributes]);

  // A new value from outside (a saved post coming back, another issue opened) replaces the text. Comparing
  // with the editor's current HTML instead would undo keystrokes typed since the value was reported.
  useEffect(() => {
    if (!editor || value === reported.current) return;
    reported.current = value;
    if (storedHtml(editor.getHTML()) !== value) editor.commands.setContent(editorContent(value), { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="space-y-1.5">
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-800" onClick={() => editor?.commands.focus()}>
        {label}
      </span>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {editor ? (
        <EditorWithToolbar editor={editor} label={label} />
      ) : (
        <div className={`${surface} rounded-t-md border-slate-300`} aria-hidden />
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function EditorWithToolbar({ editor, label }: { editor: Editor; label: string }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      blockquote: e.isActive("blockquote"),
      link: e.isActive("link") ? String(e.getAttributes("link").href ?? "") : null,
    }),
  });
  return (
    <div>
      <Toolbar editor={editor} active={active} label={`${label} formatting`} />
      <EditorContent editor={editor} />
    </div>
  );
}
