/**
 * A LIKE / ILIKE pattern that finds `text` anywhere, with the text's own `%`, `_` and `\` taken literally
 * (PostgreSQL's default escape character is `\`): a search box never becomes a wildcard.
 */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
