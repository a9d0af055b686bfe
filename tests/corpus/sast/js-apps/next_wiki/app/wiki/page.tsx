// stockade-expect: annotated
import { marked } from "marked";
import sanitizeHtml from "sanitize-html";
import Link from "next/link";
import { redirect } from "next/navigation";
import { prisma } from "../../lib/db";

type Props = { searchParams: { slug?: string; highlight?: string; ret?: string } };

export default async function WikiPage({ searchParams }: Props) {
  const page = await prisma.page.findUnique({ where: { slug: searchParams.slug ?? "home" } });
  if (!page) {
    // ruleid: javascript.open-redirect
    redirect(searchParams.ret ?? "/");
  }
  const html = marked.parse(page.body) as string;
  return (
    <article>
      <h1>{page.title}</h1>
      {/* ruleid: javascript.xss-react-dangerously-set-inner-html */}
      <p dangerouslySetInnerHTML={{ __html: `Results for ${searchParams.highlight}` }} />
      {/* ok: javascript.xss-react-dangerously-set-inner-html */}
      <p>Results for {searchParams.highlight}</p>
      {/* ok: javascript.react-dangerously-set-inner-html-unsanitized */}
      <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
      {/* ruleid: javascript.xss-react-url-attribute */}
      <a href={searchParams.ret}>back</a>
      {/* ok: javascript.xss-react-url-attribute */}
      <Link href={`/wiki?slug=${encodeURIComponent(page.slug)}`}>permalink</Link>
    </article>
  );
}

export async function savePage(formData: FormData) {
  "use server";
  const slug = String(formData.get("slug"));
  const body = String(formData.get("body"));
  // ruleid: javascript.sql-injection
  await prisma.$executeRawUnsafe(`UPDATE "Page" SET body = '${body}' WHERE slug = '${slug}'`);
  // ok: javascript.sql-injection
  await prisma.page.update({ where: { slug }, data: { body } });
}
