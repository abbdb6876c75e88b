import { FIELD_NAMES, type FieldName, messageText, parseMessage } from "@shared/messages.ts";
import { isTranslationKey, type Translate } from "./translate.ts";

/**
 * Shows a message of the shared schemas or the API in the page's language. The message travels
 * as its key with parameters (a token of shared/messages.ts); the key's `validation.<key>` text
 * is shown, a `{field}` parameter as the field's `field.<key>` text. Any other text (eVisitor's
 * own words) is shown as it came.
 */
export function translateValidation(t: Translate, text: string): string {
  const parsed = parseMessage(text);
  if (!parsed) return text;
  const key = `validation.${parsed.code}`;
  if (!isTranslationKey(key)) return messageText(text);
  const params: Record<string, string | number> = { ...parsed.params };
  if (typeof params.field === "string") params.field = translateFieldName(t, params.field);
  return t(key, params);
}

/** `firstName` → its `field.firstName` text; a field without one keeps its English name. */
function translateFieldName(t: Translate, field: string): string {
  const key = `field.${field}`;
  if (isTranslationKey(key)) return t(key);
  return Object.hasOwn(FIELD_NAMES, field) ? FIELD_NAMES[field as FieldName] : field;
}
