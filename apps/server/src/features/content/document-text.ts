// The shape of one seeded text, in a leaf of its own: seed-documents.ts gathers the texts-*.ts files, which
// declare their texts with this type, so declaring it in seed-documents.ts made an import circle.
export interface DocumentText {
  title: string;
  summary: string;
  /** Markdown. */
  body: string;
}
