import { messageKeyOf } from "@shared/messages.ts";
import { isTranslationKey, type Translate } from "./translate.ts";

/**
 * Shows a validation message (spec section 5, in English from the shared schemas or
 * the API) in the page's language: the text is matched back to its message key and
 * the `{field}` parameter is translated too. Unknown texts are shown as they came.
 */
export function translateValidation(t: Translate, text: string): string {
  const match = messageKeyOf(text);
  if (!match) return text;
  const params: Record<string, string> = { ...match.params };
  if (params.field) params.field = translateFieldName(t, params.field);
  return t(`validation.${match.key}`, params);
}

/** "First name" → `field.firstName`; names without a translation stay in English. */
function translateFieldName(t: Translate, englishName: string): string {
  const key = `field.${toCamelCase(englishName)}`;
  return isTranslationKey(key) ? t(key) : englishName;
}

function toCamelCase(words: string): string {
  return words
    .trim()
    .split(/[\s_-]+/)
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()
    )
    .join("");
}
