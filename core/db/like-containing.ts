/** A LIKE pattern matching `term` anywhere, with its own % and _ escaped (use `escape '\'`). */
export function likeContaining(term: string): string {
  return `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}
