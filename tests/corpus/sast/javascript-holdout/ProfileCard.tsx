// stockade-expect: annotated
import React, { useEffect, useState } from "react";
import DOMPurify from "dompurify";
import { useSearchParams } from "react-router-dom";

type Profile = { name: string; bio: string; website: string };

export function ProfileCard({ profile }: { profile: Profile }) {
  const [params] = useSearchParams();
  const highlight = params.get("highlight") ?? "";
  const [banner, setBanner] = useState("");

  useEffect(() => {
    const message = params.get("message");
    if (message) {
      // ruleid: javascript.dom-xss
      document.getElementById("banner")!.innerHTML = message;
    }
    // ok: javascript.dom-xss
    document.getElementById("status")!.textContent = params.get("status") ?? "";
  }, [params]);

  useEffect(() => {
    const next = params.get("next");
    if (next) {
      // ruleid: javascript.open-redirect
      window.location.href = next;
    }
  }, [params]);

  useEffect(() => {
    const tab = params.get("tab") === "posts" ? "posts" : "about";
    // ok: javascript.open-redirect
    window.location.hash = tab;
  }, [params]);

  return (
    <div className="card">
      <h2>{profile.name}</h2>
      {/* ruleid: javascript.react-dangerously-set-inner-html */}
      <p dangerouslySetInnerHTML={{ __html: highlight }} />
      {/* ok: javascript.react-dangerously-set-inner-html */}
      <p dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(highlight) }} />
      {/* ok: javascript.react-dangerously-set-inner-html */}
      <p>{highlight}</p>
      <span>{banner}</span>
    </div>
  );
}

export function LegacyWidget() {
  const query = window.location.search.slice(1);
  const payload = decodeURIComponent(query);
  // ruleid: javascript.dom-xss
  document.write("<div>" + payload + "</div>");
  // ruleid: javascript.code-injection
  setTimeout("render('" + payload + "')", 10);
  // ok: javascript.code-injection
  setTimeout(() => console.debug(payload.length), 10);
  return null;
}
