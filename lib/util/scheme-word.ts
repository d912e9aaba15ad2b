/** The scheme word clients send: the service's name with its first letter upper-cased. */
export function schemeWord(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
