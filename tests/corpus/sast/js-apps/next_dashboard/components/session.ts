// stockade-expect: annotated
export function saveSession(token: string, theme: string): void {
  // ruleid: javascript.token-in-local-storage
  localStorage.setItem("authToken", token);
  // ok: javascript.token-in-local-storage
  localStorage.setItem("theme", theme);
}

export function openFeed(): WebSocket {
  // ruleid: javascript.websocket-cleartext
  return new WebSocket("ws://feed.example.com/live");
}

export function openLocalFeed(): WebSocket {
  // ok: javascript.websocket-cleartext
  return new WebSocket("wss://feed.example.com/live");
}
