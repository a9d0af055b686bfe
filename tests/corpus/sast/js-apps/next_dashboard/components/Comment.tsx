// stockade-expect: annotated
import DOMPurify from "isomorphic-dompurify";
import ReactMarkdown from "react-markdown";
import rehypeRaw from "rehype-raw";
import rehypeSanitize from "rehype-sanitize";

type CommentProps = { author: string; html: string; markdown: string; website?: string };

export function Comment({ author, html, markdown, website }: CommentProps) {
  return (
    <article>
      {/* ruleid: javascript.jsx-target-blank-without-noopener */}
      <a href={website} target="_blank">{author}</a>
      {/* ok: javascript.jsx-target-blank-without-noopener */}
      <a href={website} target="_blank" rel="noopener noreferrer">profile</a>
      {/* ruleid: javascript.react-dangerously-set-inner-html-unsanitized */}
      <div className="body" dangerouslySetInnerHTML={{ __html: html }} />
      {/* ok: javascript.react-dangerously-set-inner-html-unsanitized */}
      <div className="body" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />
      {/* ruleid: javascript.react-markdown-raw-html */}
      <ReactMarkdown rehypePlugins={[rehypeRaw]}>{markdown}</ReactMarkdown>
      {/* ok: javascript.react-markdown-raw-html */}
      <ReactMarkdown rehypePlugins={[rehypeRaw, rehypeSanitize]}>{markdown}</ReactMarkdown>
    </article>
  );
}
