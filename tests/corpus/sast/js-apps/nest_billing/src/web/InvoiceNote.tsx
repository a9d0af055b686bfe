// stockade-expect: annotated
import React, { useEffect, useState } from "react";
import DOMPurify from "dompurify";
import { marked } from "marked";

type NoteProps = { html: string; markdown: string; link: string; title: string };

export function InvoiceNote({ html, markdown, link, title }: NoteProps): JSX.Element {
  const [preview, setPreview] = useState<string>("");

  useEffect(() => {
    const q = new URLSearchParams(window.location.search).get("preview") ?? "";
    setPreview(q);
  }, []);

  return (
    <section>
      {/* ruleid: javascript.xss-react-dangerously-set-inner-html */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {/* ok: javascript.xss-react-dangerously-set-inner-html */}
      <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />
      {/* ruleid: javascript.react-dangerously-set-inner-html-unsanitized */}
      <div dangerouslySetInnerHTML={{ __html: marked.parse(markdown) as string }} />
      {/* ok: javascript.xss-react-dangerously-set-inner-html */}
      <p>{title}</p>
      {/* ruleid: javascript.xss-react-dangerously-set-inner-html */}
      <aside dangerouslySetInnerHTML={{ __html: preview }} />
      {/* ruleid: javascript.jsx-target-blank-without-noopener */}
      <a href={link} target="_blank">open</a>
      {/* ok: javascript.jsx-target-blank-without-noopener */}
      <a href={link} target="_blank" rel="noopener noreferrer">open</a>
    </section>
  );
}
