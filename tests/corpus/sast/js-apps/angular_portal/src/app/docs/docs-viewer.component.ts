// stockade-expect: annotated
import { Component, Input, OnChanges } from "@angular/core";
import { DomSanitizer, SafeHtml } from "@angular/platform-browser";
import { marked } from "marked";
import DOMPurify from "dompurify";

@Component({
  selector: "app-docs-viewer",
  template: `<article [innerHTML]="rendered"></article>`,
})
export class DocsViewerComponent implements OnChanges {
  @Input() markdown = "";
  @Input() trustedSnippet = "";
  rendered: SafeHtml = "";

  constructor(private sanitizer: DomSanitizer) {}

  ngOnChanges(): void {
    const html = marked.parse(this.markdown) as string;
    // ruleid: javascript.angular-bypass-security-trust
    this.rendered = this.sanitizer.bypassSecurityTrustHtml(html);
  }

  renderClean(): void {
    const html = DOMPurify.sanitize(marked.parse(this.markdown) as string);
    // ok: javascript.angular-bypass-security-trust
    this.rendered = this.sanitizer.bypassSecurityTrustHtml(html);
  }

  renderStatic(): void {
    // ok: javascript.angular-bypass-security-trust
    this.rendered = this.sanitizer.bypassSecurityTrustHtml("<b>Read-only</b> documentation");
  }

  runSnippet(): void {
    // ruleid: javascript.eval-non-literal
    eval(this.trustedSnippet);
  }

  runKnown(): void {
    // ok: javascript.eval-non-literal
    eval("1 + 1");
  }
}
