// stockade-expect: annotated
import { Injectable } from "@angular/core";
import { HttpClient, HttpParams } from "@angular/common/http";
import { ActivatedRoute } from "@angular/router";
import { Observable } from "rxjs";

export interface Profile {
  id: number;
  name: string;
  bio: string;
}

@Injectable({ providedIn: "root" })
export class ProfileService {
  private readonly api = "/api/profiles";

  constructor(private http: HttpClient, private route: ActivatedRoute) {}

  byId(id: number): Observable<Profile> {
    // ok: javascript.ssrf
    return this.http.get<Profile>(`${this.api}/${id}`);
  }

  search(term: string): Observable<Profile[]> {
    // ok: javascript.ssrf
    return this.http.get<Profile[]>(this.api, { params: new HttpParams().set("q", term) });
  }

  saveToken(token: string): void {
    // ruleid: javascript.token-in-local-storage
    localStorage.setItem("access_token", token);
  }

  saveTheme(theme: string): void {
    // ok: javascript.token-in-local-storage
    localStorage.setItem("theme", theme);
  }

  followReturnUrl(): void {
    const target = this.route.snapshot.queryParamMap.get("returnUrl") ?? "/";
    // ruleid: javascript.open-redirect-dom
    window.location.href = target;
  }

  followReturnPath(): void {
    const target = this.route.snapshot.queryParamMap.get("returnUrl") ?? "/";
    // ok: javascript.open-redirect-dom
    window.location.href = target.startsWith("/") && !target.startsWith("//") ? target : "/";
  }
}
