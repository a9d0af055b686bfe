// stockade-expect: vulnerable CWE-79
import React from "react";
import { useSearchParams } from "react-router-dom";

export default function Preview() {
  const [params] = useSearchParams();
  const bio = params.get("bio");
  return <div className="bio" dangerouslySetInnerHTML={{ __html: bio }} />;
}
