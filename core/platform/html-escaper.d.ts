/** html-escaper ships no types; the one function used here. */
export function escape(text: string): string;
