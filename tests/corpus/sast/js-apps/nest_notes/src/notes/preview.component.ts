// stockade-expect: annotated
import { Component, Input } from "@angular/core";
import { DomSanitizer, SafeHtml, SafeResourceUrl } from "@angular/platform-browser";
import DOMPurify from "dompurify";

@Component({ selector: "note-preview", template: `<div [innerHTML]="html"></div><iframe [src]="video"></iframe>` })
export class NotePreviewComponent {
  html: SafeHtml = "";
  video: SafeResourceUrl = "";
  constructor(private sanitizer: DomSanitizer) {}

  @Input() set body(value: string) {
    // ruleid: javascript.angular-bypass-security-trust
    this.html = this.sanitizer.bypassSecurityTrustHtml(value);
  }

  @Input() set cleanBody(value: string) {
    // ok: javascript.angular-bypass-security-trust
    this.html = this.sanitizer.bypassSecurityTrustHtml(DOMPurify.sanitize(value));
  }

  @Input() set videoId(id: string) {
    // ruleid: javascript.angular-bypass-security-trust
    this.video = this.sanitizer.bypassSecurityTrustResourceUrl(`https://player.example.com/embed/${id}`);
  }
}
