// stockade-expect: annotated
import { Component, ElementRef, OnInit, Renderer2, ViewChild } from "@angular/core";
import { ActivatedRoute } from "@angular/router";
import { DomSanitizer, SafeHtml, SafeResourceUrl, SafeUrl } from "@angular/platform-browser";
import { ProfileService } from "../core/profile.service";

@Component({
  selector: "app-profile",
  template: `
    <h2>{{ displayName }}</h2>
    <div [innerHTML]="bioHtml"></div>
    <iframe [src]="videoUrl"></iframe>
    <a [href]="website">site</a>
    <div #banner></div>
  `,
})
export class ProfileComponent implements OnInit {
  @ViewChild("banner", { static: true }) banner!: ElementRef<HTMLDivElement>;
  displayName = "";
  bioHtml: SafeHtml = "";
  videoUrl: SafeResourceUrl = "";
  website: SafeUrl = "";

  constructor(
    private route: ActivatedRoute,
    private sanitizer: DomSanitizer,
    private renderer: Renderer2,
    private profiles: ProfileService,
  ) {}

  ngOnInit(): void {
    const video = this.route.snapshot.queryParamMap.get("video") ?? "";
    // ruleid: javascript.angular-bypass-security-trust
    this.videoUrl = this.sanitizer.bypassSecurityTrustResourceUrl(video);
    // ok: javascript.angular-bypass-security-trust
    this.videoUrl = this.sanitizer.bypassSecurityTrustResourceUrl("https://www.youtube.com/embed/intro");

    const site = this.route.snapshot.queryParams["site"];
    // ruleid: javascript.angular-bypass-security-trust
    this.website = this.sanitizer.bypassSecurityTrustUrl(site);

    const message = this.route.snapshot.fragment ?? "";
    // ruleid: javascript.xss-dom
    this.banner.nativeElement.innerHTML = message;
    // ok: javascript.xss-dom
    this.banner.nativeElement.textContent = message;

    const note = this.route.snapshot.paramMap.get("note") ?? "";
    // ruleid: javascript.xss-dom
    this.renderer.setProperty(this.banner.nativeElement, "innerHTML", note);
    // ok: javascript.xss-dom
    this.renderer.setProperty(this.banner.nativeElement, "textContent", note);

    this.route.queryParams.subscribe((params) => {
      // ruleid: javascript.angular-bypass-security-trust
      this.bioHtml = this.sanitizer.bypassSecurityTrustHtml(params["bio"]);
      // ok: javascript.angular-bypass-security-trust
      this.displayName = params["name"];
    });
  }
}
