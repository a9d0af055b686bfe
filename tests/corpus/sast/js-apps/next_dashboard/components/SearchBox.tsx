// stockade-expect: annotated
import { useEffect, useRef } from "react";
import { useSearchParams } from "next/navigation";

export default function SearchBox() {
  const params = useSearchParams();
  const results = useRef<HTMLDivElement>(null);
  const q = params.get("q") ?? "";

  useEffect(() => {
    if (results.current) {
      // ruleid: javascript.xss-dom
      results.current.innerHTML = `Results for <b>${q}</b>`;
    }
  }, [q]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      // ok: javascript.xss-dom
      document.getElementById("status")!.innerHTML = event.data.statusHtml;
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

  useEffect(() => {
    // ruleid: javascript.postmessage-handler-without-origin-check
    window.addEventListener("message", (e: MessageEvent) => {
      // ruleid: javascript.xss-dom
      document.getElementById("banner")!.innerHTML = e.data.banner;
    });
  }, []);

  // ruleid: javascript.xss-react-url-attribute
  return <a href={params.get("returnTo") ?? "/"}>Back</a>;
}
