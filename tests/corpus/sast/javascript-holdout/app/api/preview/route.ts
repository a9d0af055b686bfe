// stockade-expect: annotated
import { NextRequest, NextResponse } from "next/server";
import { redirect } from "next/navigation";

const ALLOWED_HOSTS = new Set(["images.example.com", "cdn.example.com"]);

export async function GET(request: NextRequest) {
  const target = request.nextUrl.searchParams.get("url");
  if (!target) return NextResponse.json({ error: "url required" }, { status: 400 });
  // ruleid: javascript.ssrf
  const upstream = await fetch(target);
  return new NextResponse(upstream.body, { headers: { "content-type": "image/png" } });
}

export async function POST(request: NextRequest) {
  const { url } = await request.json();
  const parsed = new URL(url);
  if (!ALLOWED_HOSTS.has(parsed.hostname)) {
    return NextResponse.json({ error: "host not allowed" }, { status: 400 });
  }
  // ok: javascript.ssrf
  const upstream = await fetch(`https://${parsed.hostname}/thumb`);
  return new NextResponse(upstream.body);
}

export async function PUT(request: NextRequest) {
  const next = request.nextUrl.searchParams.get("next") ?? "/";
  // ruleid: javascript.open-redirect
  return NextResponse.redirect(next);
}

export async function DELETE(request: NextRequest) {
  const locale = request.nextUrl.searchParams.get("locale") === "de" ? "de" : "en";
  // ok: javascript.open-redirect
  return NextResponse.redirect(new URL(`/${locale}/home`, request.url));
}

export async function PATCH(request: NextRequest) {
  const form = await request.formData();
  const html = `<h1>${form.get("title")}</h1>`;
  // ruleid: javascript.xss
  return new Response(html, { headers: { "content-type": "text/html" } });
}
