// stockade-expect: annotated
import React, { useEffect, useRef } from "react";
import DOMPurify from "dompurify";

type Props = { html: string; title: string };

export function Article({ html, title }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const query = new URLSearchParams(window.location.search);
  const highlight = query.get("highlight") || "";

  useEffect(() => {
    if (ref.current) {
      // ruleid: javascript.xss-dom
      ref.current.innerHTML = "<mark>" + highlight + "</mark>";
    }
  }, [highlight]);

  useEffect(() => {
    if (ref.current) {
      // ok: javascript.xss-dom
      ref.current.textContent = highlight;
    }
  }, [highlight]);

  return (
    <section>
      <h1>{title}</h1>
      {/* ruleid: javascript.xss-react-dangerously-set-inner-html */}
      <div dangerouslySetInnerHTML={{ __html: query.get("preview") as string }} />
      {/* ok: javascript.xss-react-dangerously-set-inner-html */}
      <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(highlight) }} />
      <div ref={ref} />
      <p>{highlight}</p>
    </section>
  );
}
