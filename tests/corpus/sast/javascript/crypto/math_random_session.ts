// stockade-expect: vulnerable CWE-338
export function newSessionId(): string {
  const sessionId = Math.random().toString(36).slice(2);
  return sessionId;
}
