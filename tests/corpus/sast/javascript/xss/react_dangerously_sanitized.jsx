// stockade-expect: safe CWE-79
import React from "react";
import DOMPurify from "dompurify";
import { useSearchParams } from "react-router-dom";

export default function Preview() {
  const [params] = useSearchParams();
  const bio = DOMPurify.sanitize(params.get("bio"));
  return <div className="bio" dangerouslySetInnerHTML={{ __html: bio }} />;
}
