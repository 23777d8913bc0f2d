/**
 * A value written into an inline <script> as a JavaScript literal. JSON alone is not enough:
 * "</script>" in a string ends the element (then any markup follows, a <meta http-equiv=refresh>
 * included), "<!--" changes how the script is parsed, and U+2028/U+2029 end lines in older engines.
 * Escaping <, >, & and those two characters as \uXXXX keeps the value a value.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
