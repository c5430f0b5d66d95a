"use client";

import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";

/**
 * A rich-text field of the product editor (Tiptap): paragraphs, bold, italic, headings h2/h3,
 * lists and links, what the storefront's sanitize-html allowlist keeps (the server cleans it on
 * save all the same). Loaded only by the editor, through next/dynamic.
 */
export default function RichText({ id, label, value, onChange, describedBy, invalid }: { id: string; label: string; value: string; onChange: (html: string) => void; describedBy?: string; invalid?: boolean }) {
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"], HTMLAttributes: { rel: "noopener noreferrer", target: null } },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: "prose-admin min-h-28 px-2.5 py-2 text-sm text-slate-900 focus:outline-none",
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            h2: e.isActive("heading", { level: 2 }),
            h3: e.isActive("heading", { level: 3 }),
            bullet: e.isActive("bulletList"),
            ordered: e.isActive("orderedList"),
            link: e.isActive("link"),
          }
        : null,
  });

  const button = (name: string, active: boolean | undefined, run: () => void, text: string) => (
    <button
      type="button"
      aria-label={name}
      aria-pressed={active ? "true" : "false"}
      title={name}
      onClick={run}
      disabled={!editor}
      className={`min-w-8 rounded px-2 py-1 text-xs font-medium ${active ? "bg-slate-800 text-white" : "text-slate-800 hover:bg-slate-200"}`}
    >
      {text}
    </button>
  );

  const setLink = () => {
    if (!editor) return;
    const previous = (editor.getAttributes("link").href as string | undefined) ?? "";
    const url = window.prompt("Link address (https://…, or empty to remove the link)", previous);
    if (url === null) return;
    if (url.trim() === "") editor.chain().focus().extendMarkRange("link").unsetLink().run();
    else editor.chain().focus().extendMarkRange("link").setLink({ href: url.trim() }).run();
  };

  return (
    <div className={`rounded-md border bg-white ${invalid ? "border-red-600" : "border-slate-300"} focus-within:border-slate-500`}>
      <div role="toolbar" aria-label={`${label}: formatting`} aria-controls={id} className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 p-1">
        {button("Bold", state?.bold, () => editor?.chain().focus().toggleBold().run(), "B")}
        {button("Italic", state?.italic, () => editor?.chain().focus().toggleItalic().run(), "I")}
        {button("H2 heading", state?.h2, () => editor?.chain().focus().toggleHeading({ level: 2 }).run(), "H2")}
        {button("H3 heading", state?.h3, () => editor?.chain().focus().toggleHeading({ level: 3 }).run(), "H3")}
        {button("Bulleted list", state?.bullet, () => editor?.chain().focus().toggleBulletList().run(), "Bulleted")}
        {button("Numbered list", state?.ordered, () => editor?.chain().focus().toggleOrderedList().run(), "Numbered")}
        {button("Link", state?.link, setLink, "Link")}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
