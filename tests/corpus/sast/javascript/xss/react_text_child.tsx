// stockade-expect: safe CWE-79
import React from "react";

type Props = { comment: string };

export function Comment({ comment }: Props) {
  const text = new URLSearchParams(window.location.search).get("c") ?? comment;
  return <p className="comment">{text}</p>;
}
