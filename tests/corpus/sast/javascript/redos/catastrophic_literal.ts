// stockade-expect: vulnerable CWE-1333
export function isValidEmail(input: string): boolean {
  return /^([a-zA-Z0-9]+)*@example\.com$/.test(input);
}
